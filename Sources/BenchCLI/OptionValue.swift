/// How an option's value is read from its text: the syntax (`ArgumentSyntax`) and the range,
/// with the error that names the flag and quotes the text.
struct OptionValue<Value> {
  /// Reads `text`, given after `flag`.
  let read: (_ text: String, _ flag: String) throws -> Value
}

extension OptionValue where Value == String {
  /// The text as it is (a path, a pattern).
  static var text: OptionValue { OptionValue { text, _ in text } }
}

extension OptionValue where Value == [String] {
  /// `A,B,C`, without empty items.
  static var list: OptionValue { OptionValue { try ArgumentSyntax.list($0, flag: $1) } }
}

extension OptionValue where Value == Int {
  /// A count such as `1000`, `100k` or `1M`, up to the layout limit.
  static var count: OptionValue { OptionValue { try ArgumentSyntax.count($0, flag: $1) } }

  /// A whole number in `range`; `what` names it in the error (`a number of jobs`).
  static func integer(in range: ClosedRange<Int>, _ what: String) -> OptionValue {
    OptionValue { text, flag in
      guard let value = ArgumentSyntax.integer(text[...]), range.contains(value) else {
        throw UsageError(
          "\(flag): '\(text)' is not \(what) from \(range.lowerBound) to \(range.upperBound)")
      }
      return value
    }
  }
}

extension OptionValue where Value == Double {
  /// A plain decimal, not negative; `what` describes it in the error (`a fraction such as 0`).
  static func decimal(_ what: String) -> OptionValue {
    OptionValue { text, flag in
      guard let value = ArgumentSyntax.decimal(text[...]) else {
        throw UsageError("\(flag): '\(text)' is not \(what)")
      }
      return value
    }
  }
}

extension OptionValue {
  /// The value of one of `choices` by its name (`--format md`): the one list the help and the
  /// error show too.
  static func oneOf(_ choices: [(name: String, value: Value)]) -> OptionValue {
    OptionValue { text, flag in
      guard let choice = choices.first(where: { $0.name == text }) else {
        throw UsageError(
          "\(flag): unknown \(flag.dropFirst(2)) '\(text)' (one of: \(choices.map(\.name).joined(separator: ", ")))"
        )
      }
      return choice.value
    }
  }

  /// A list of names from `names` (`--format md,csv`).
  static func listOf(_ names: [String]) -> OptionValue<[String]> {
    OptionValue<[String]> { text, flag in
      let items = try ArgumentSyntax.list(text, flag: flag)
      for item in items where !names.contains(item) {
        throw UsageError(
          "\(flag): unknown \(flag.dropFirst(2)) '\(item)' (one of: \(names.joined(separator: ", ")))"
        )
      }
      return items
    }
  }
}
