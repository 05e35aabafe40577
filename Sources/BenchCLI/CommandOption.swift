/// One option of a command, as both its parser and its `--help` read it (`OptionTable`).
struct CommandOption<Values> {
  enum Action {
    /// A flag without a value (`--quick`); may be given again.
    case flag((inout Values) -> Void)
    /// A flag with a value (`--items 1k`): given at most once, unless `repeatable` (`--rect`).
    case value(name: String, repeatable: Bool, store: (inout Values, String, String) throws -> Void)
  }

  /// The flag and its aliases (`--quiet`, `-q`); the first is the one help shows first.
  let names: [String]
  let action: Action
  /// What the option does, as one paragraph: the help wraps it.
  let help: String

  /// A flag that sets `keyPath` to `value`.
  static func flag(
    _ names: String..., sets keyPath: WritableKeyPath<Values, Bool>, to value: Bool = true,
    help: String
  ) -> CommandOption {
    CommandOption(names: names, action: .flag { $0[keyPath: keyPath] = value }, help: help)
  }

  /// A flag with a value read by `reader` and stored by `store`.
  static func value<Value>(
    _ name: String, _ valueName: String, _ reader: OptionValue<Value>, repeatable: Bool = false,
    help: String, store: @escaping (inout Values, Value) throws -> Void
  ) -> CommandOption {
    CommandOption(
      names: [name],
      action: .value(name: valueName, repeatable: repeatable) { values, text, flag in
        try store(&values, try reader.read(text, flag))
      }, help: help)
  }

  /// A flag with a value read by `reader` into `keyPath`.
  static func value<Value>(
    _ name: String, _ valueName: String, _ reader: OptionValue<Value>,
    into keyPath: WritableKeyPath<Values, Value>, help: String
  ) -> CommandOption {
    value(name, valueName, reader, help: help) { $0[keyPath: keyPath] = $1 }
  }

  /// A flag with a value read by `reader` into the optional at `keyPath`.
  static func value<Value>(
    _ name: String, _ valueName: String, _ reader: OptionValue<Value>,
    into keyPath: WritableKeyPath<Values, Value?>, help: String
  ) -> CommandOption {
    value(name, valueName, reader, help: help) { $0[keyPath: keyPath] = $1 }
  }

  /// This option of a part of `Outer` (the run options inside `bench compare`'s).
  func lifted<Outer>(_ keyPath: WritableKeyPath<Outer, Values>) -> CommandOption<Outer> {
    switch action {
    case .flag(let set):
      return CommandOption<Outer>(
        names: names, action: .flag { set(&$0[keyPath: keyPath]) }, help: help)
    case .value(let name, let repeatable, let store):
      return CommandOption<Outer>(
        names: names,
        action: .value(name: name, repeatable: repeatable) { outer, text, flag in
          try store(&outer[keyPath: keyPath], text, flag)
        }, help: help)
    }
  }

  /// `NAME` in `--strategy NAME`; nil for a flag without a value.
  var valueName: String? {
    if case .value(let name, _, _) = action { name } else { nil }
  }

  var isRepeatable: Bool {
    if case .value(_, let repeatable, _) = action { repeatable } else { false }
  }

  /// `--strategy NAME`, `--quiet, -q`: as the help's option lines show it.
  var label: String {
    ([names.joined(separator: ", ")] + [valueName].compactMap { $0 }).joined(separator: " ")
  }
}
