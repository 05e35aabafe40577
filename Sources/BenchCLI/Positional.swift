/// The arguments of a command that are not flags (`SPEC.json`, `NAME`).
struct Positional<Values> {
  /// As the usage line shows it (`SPEC.json | -`).
  let name: String
  /// As errors say it: `takes one layout file`, `needs a layout file`.
  let noun: String
  /// nil: any number (`bench compare`'s files).
  var maximumCount: Int? = 1
  var isRequired = false
  let store: (inout Values, String) throws -> Void
}

extension Positional {
  /// No arguments but flags (`bench list extra`: `takes no arguments`).
  static var noArguments: Positional {
    Positional(name: "", noun: "argument", maximumCount: 0) { _, _ in }
  }
}
