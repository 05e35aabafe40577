import Foundation

/// One member of an object in a layout file that is one property of a configuration
/// (`"minimumLineSpacing"` ↔ `minimumLineSpacing`): how it is read, and how it is written.
///
/// Each kind of object declares its members once, in a table (`LayoutField+Tables.swift`); the
/// decoder and the encoder both walk that table, so they cannot disagree. A table's order is
/// the order its errors are reported in and its members are written in. Only small objects
/// (`collectionView`, `layout`) are read this way: sections, read a million at a time, have
/// their own scanner.
struct LayoutField<Configuration> {
  let key: String
  /// Reads `value`, found at `path`, into the configuration.
  let read: (inout Configuration, JSONFieldValue, String) throws(LayoutError) -> Void
  /// The member's JSON value, or nil when the configuration holds the default (second).
  let write: (Configuration, Configuration) -> String?

  /// A member whose value is read by `read` and written by `write` when it is not the
  /// default.
  static func value<Value: Equatable>(
    _ key: String, _ property: WritableKeyPath<Configuration, Value>,
    read: @escaping (JSONFieldValue, String) throws(LayoutError) -> Value,
    write: @escaping (Value) -> String
  ) -> LayoutField {
    LayoutField(
      key: key,
      read: { configuration, value, path throws(LayoutError) in
        configuration[keyPath: property] = try read(value, path)
      },
      write: { configuration, defaults in
        let value = configuration[keyPath: property]
        return value == defaults[keyPath: property] ? nil : write(value)
      })
  }

  static func number(_ key: String, _ property: WritableKeyPath<Configuration, CGFloat>)
    -> LayoutField
  {
    value(
      key, property,
      read: { value, path throws(LayoutError) in CGFloat(try value.number(at: path)) },
      write: { JSONWriter.number(Double($0)) })
  }

  static func size(_ key: String, _ property: WritableKeyPath<Configuration, CGSize>)
    -> LayoutField
  {
    value(
      key, property, read: { value, path throws(LayoutError) in try value.size(at: path) },
      write: JSONWriter.size)
  }

  static func point(_ key: String, _ property: WritableKeyPath<Configuration, CGPoint>)
    -> LayoutField
  {
    value(
      key, property, read: { value, path throws(LayoutError) in try value.point(at: path) },
      write: { JSONWriter.numbers([$0.x, $0.y]) })
  }

  static func insets(_ key: String, _ property: WritableKeyPath<Configuration, EdgeInsets>)
    -> LayoutField
  {
    value(
      key, property, read: { value, path throws(LayoutError) in try value.insets(at: path) },
      write: JSONWriter.insets)
  }

  static func bool(_ key: String, _ property: WritableKeyPath<Configuration, Bool>)
    -> LayoutField
  {
    value(
      key, property, read: { value, path throws(LayoutError) in try value.bool(at: path) },
      write: { "\($0)" })
  }

  /// One of an enumeration's raw values (`"vertical"`).
  static func enumeration<Value: RawRepresentable & CaseIterable & Equatable>(
    _ key: String, _ property: WritableKeyPath<Configuration, Value>
  ) -> LayoutField where Value.RawValue == String {
    value(
      key, property,
      read: { value, path throws(LayoutError) in try value.enumeration(Value.self, at: path) },
      write: { "\"\($0.rawValue)\"" })
  }
}

extension JSONObjectFields {
  /// Reads each member of `fields` the object holds into `configuration`, in the table's order
  /// (an object `check`ed against the table's keys already).
  func read<Configuration>(
    _ fields: [LayoutField<Configuration>], into configuration: inout Configuration,
    at path: String
  ) throws(LayoutError) {
    for field in fields {
      if let value = self[field.key] {
        try field.read(&configuration, value, "\(path).\(field.key)")
      }
    }
  }
}

extension JSONWriter {
  /// `"key": value` for each member of `fields` whose value in `configuration` is not its value
  /// in `defaults`, in the table's order.
  static func members<Configuration>(
    _ fields: [LayoutField<Configuration>], of configuration: Configuration,
    defaults: Configuration
  ) -> [String] {
    fields.compactMap { field in
      field.write(configuration, defaults).map { "\"\(field.key)\": \($0)" }
    }
  }
}
