import Foundation

/// Builds `bench layout`'s output (`LayoutOutput`) as UTF-8 bytes, to be taken in chunks as it
/// grows: a dump of ten million elements is a gigabyte of text, and need never exist whole.
struct LayoutOutputWriter {
  /// How many bytes make a chunk worth taking.
  static let chunkSize = 1 << 20

  private var bytes: [UInt8] = []

  init() { bytes.reserveCapacity(Self.chunkSize + 4_096) }

  /// Whether a chunk is ready to be taken.
  var isFull: Bool { bytes.count >= Self.chunkSize }

  /// The text written since the last `take()`.
  mutating func take() -> String {
    defer { bytes.removeAll(keepingCapacity: true) }
    return String(decoding: bytes, as: UTF8.self)
  }

  mutating func write(_ text: String) { bytes.append(contentsOf: text.utf8) }

  /// A number as `JSONWriter.number` writes it.
  mutating func write(_ value: Double) {
    precondition(value.isFinite, "non-finite values never reach the writer: input is validated")
    if value == 0 {
      write("0.0")
    } else {
      write(value.description)
    }
  }

  mutating func write(_ value: Int) { write(String(value)) }

  mutating func write(_ size: CGSize) {
    write("[")
    write(size.width)
    write(", ")
    write(size.height)
    write("]")
  }

  mutating func write(_ rect: CGRect) {
    write("[")
    write(rect.minX)
    write(", ")
    write(rect.minY)
    write(", ")
    write(rect.width)
    write(", ")
    write(rect.height)
    write("]")
  }

  /// One element as a single-line JSON object.
  mutating func write(_ attributes: LayoutAttributes) {
    write("{\"kind\": \"")
    write(attributes.kind.rawValue)
    write("\", \"section\": ")
    write(attributes.indexPath.section)
    write(", \"item\": ")
    write(attributes.indexPath.item)
    write(", \"frame\": ")
    write(attributes.frame)
    write(", \"zIndex\": ")
    write(attributes.zIndex)
    write("}")
  }
}
