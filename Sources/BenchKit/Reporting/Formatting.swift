import Foundation

/// Numbers as reports print them, with a unit chosen per value.
public enum Formatting {
  /// Nanoseconds with a unit chosen for the value: `812 ns`, `3.40 µs`, `12.1 ms`, `1.52 s`.
  public static func duration(_ nanoseconds: Double) -> String {
    let value = abs(nanoseconds)
    switch value {
    case ..<0.001: return value == 0 ? "0 ns" : String(format: "%.1e ns", nanoseconds)
    case ..<10: return String(format: "%.3g ns", nanoseconds)
    case ..<1_000: return String(format: "%.0f ns", nanoseconds)
    case ..<1e6: return threeDigits(nanoseconds / 1e3) + " µs"
    case ..<1e9: return threeDigits(nanoseconds / 1e6) + " ms"
    default: return threeDigits(nanoseconds / 1e9) + " s"
    }
  }

  /// Three significant digits: `3.40`, `12.1`, `981`.
  static func threeDigits(_ value: Double) -> String {
    switch abs(value) {
    case ..<10: String(format: "%.2f", value)
    case ..<100: String(format: "%.1f", value)
    default: String(format: "%.0f", value)
    }
  }

  /// Item counts as the CLI takes them: `1k`, `100k`, `1M`, `2500`.
  public static func count(_ value: Int) -> String {
    if value >= 1_000_000 && value % 1_000_000 == 0 { return "\(value / 1_000_000)M" }
    if value >= 1_000 && value % 1_000 == 0 { return "\(value / 1_000)k" }
    return "\(value)"
  }

  /// A large count shortened: `812`, `12.3k`, `1.20M`.
  public static func compactCount(_ value: Double) -> String {
    switch abs(value) {
    case ..<1_000: value == value.rounded() ? String(Int(value)) : String(format: "%.1f", value)
    case ..<1e6: threeDigits(value / 1e3) + "k"
    case ..<1e9: threeDigits(value / 1e6) + "M"
    default: threeDigits(value / 1e9) + "G"
    }
  }

  public static func bytes(_ value: Int) -> String {
    let v = Double(value)
    switch abs(v) {
    case ..<1024: return "\(value) B"
    case ..<(1024 * 1024): return threeDigits(v / 1024) + " KiB"
    case ..<(1024 * 1024 * 1024): return threeDigits(v / 1024 / 1024) + " MiB"
    default: return threeDigits(v / 1024 / 1024 / 1024) + " GiB"
    }
  }

  /// Bytes per item, three significant digits down to a thousandth of a byte (a layout that
  /// keeps O(1) per run of items retains far less than a byte an item): `32.0 B`, `0.0410 B`.
  public static func bytesPerItem(_ value: Double) -> String {
    guard value > 0 else { return "0 B" }
    return (value >= 0.01 ? threeDigits(value) : String(format: "%.2g", value)) + " B"
  }

  /// `3.2×`, `1250×`.
  public static func ratio(_ value: Double) -> String {
    value >= 100 ? String(format: "%.0f×", value) : threeDigits(value) + "×"
  }

  public static func percent(_ fraction: Double) -> String {
    String(format: "%+.1f%%", fraction * 100)
  }
}

/// A plain-text table: columns padded to their widest cell, text left, figures right.
public struct TextTable {
  public var header: [String]
  public var rows: [[String]] = []
  /// Columns aligned left (the others right).
  public var leftAligned: Set<Int> = [0]

  public init(header: [String], leftAligned: Set<Int> = [0]) {
    self.header = header
    self.leftAligned = leftAligned
  }

  public mutating func append(_ row: [String]) { rows.append(row) }

  public func rendered() -> String {
    let all = [header] + rows
    let widths = header.indices.map { column in all.map { $0[column].count }.max() ?? 0 }
    func line(_ row: [String]) -> String {
      row.enumerated().map { column, cell in
        let pad = String(repeating: " ", count: widths[column] - cell.count)
        return leftAligned.contains(column) ? cell + pad : pad + cell
      }.joined(separator: "  ").replacingOccurrences(
        of: "\\s+$", with: "", options: .regularExpression)
    }
    var out = line(header) + "\n"
    out += String(repeating: "-", count: widths.reduce(0, +) + 2 * (widths.count - 1)) + "\n"
    for row in rows { out += line(row) + "\n" }
    return out
  }

  /// The same table in GitHub Markdown.
  public func markdown() -> String {
    func escape(_ cell: String) -> String { cell.replacingOccurrences(of: "|", with: "\\|") }
    var out = "| " + header.map(escape).joined(separator: " | ") + " |\n"
    out += "|" + header.indices.map { leftAligned.contains($0) ? "---|" : "---:|" }.joined() + "\n"
    for row in rows { out += "| " + row.map(escape).joined(separator: " | ") + " |\n" }
    return out
  }

  /// The same table in HTML, cells escaped.
  public func html(class className: String? = nil) -> String {
    let e = SVGChart.escape
    var out = "<table\(className.map { " class=\"\(e($0))\"" } ?? "")>\n<tr>"
    out += header.map { "<th>\(e($0))</th>" }.joined() + "</tr>\n"
    for row in rows { out += "<tr>" + row.map { "<td>\(e($0))</td>" }.joined() + "</tr>\n" }
    return out + "</table>\n"
  }
}
