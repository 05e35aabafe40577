/// The values of a command that takes no flags but `--help` (`bench list`).
struct NoOptions {}
