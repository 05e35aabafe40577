import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// A results file that cannot be read: one line naming the file and what is wrong.
public struct ResultsFileError: Error, CustomStringConvertible, Sendable {
  public var description: String
  public init(_ description: String) { self.description = description }
}

extension ResultsFile {
  /// Compact, sorted-key JSON (samples rounded to 0.1 ns, which no clock resolves anyway).
  public func encoded() throws -> Data {
    var copy = self
    for index in copy.results.indices {
      copy.results[index].samples = copy.results[index].samples.map { ($0 * 10).rounded() / 10 }
    }
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    encoder.nonConformingFloatEncodingStrategy = .convertToString(
      positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
    return try encoder.encode(copy)
  }

  /// Decodes a results file, with a one-line error for anything else.
  public static func decode(_ data: Data, path: String) throws -> ResultsFile {
    struct Version: Decodable { var schemaVersion: Int? }
    guard let version = try? JSONDecoder().decode(Version.self, from: data) else {
      throw ResultsFileError("\(path): not a JSON object (is it a bench results file?)")
    }
    guard let schema = version.schemaVersion else {
      throw ResultsFileError("\(path): no schemaVersion (is it a bench results file?)")
    }
    guard readableSchemaVersions.contains(schema) else {
      throw ResultsFileError(
        "\(path): schemaVersion \(schema); this bench reads versions \(readableSchemaVersions.lowerBound) to \(currentSchemaVersion)"
      )
    }
    let decoder = JSONDecoder()
    decoder.nonConformingFloatDecodingStrategy = .convertFromString(
      positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
    do {
      let file = try decoder.decode(ResultsFile.self, from: data)
      for result in file.results where result.samples.isEmpty {
        throw ResultsFileError("\(path): result '\(result.name)' has no samples")
      }
      do {
        try file.validate()
      } catch {
        throw ResultsFileError("\(path): \(error.description)")
      }
      return file
    } catch let error as ResultsFileError {
      throw error
    } catch let DecodingError.keyNotFound(key, context) {
      throw ResultsFileError("\(path): missing field '\(pathText(context.codingPath + [key]))'")
    } catch let DecodingError.typeMismatch(_, context) {
      throw ResultsFileError("\(path): wrong type at '\(pathText(context.codingPath))'")
    } catch let DecodingError.valueNotFound(_, context) {
      throw ResultsFileError("\(path): null at '\(pathText(context.codingPath))'")
    } catch {
      throw ResultsFileError("\(path): not a valid results file")
    }
  }

  /// Reads and decodes the file at `path`.
  public static func load(path: String) throws -> ResultsFile {
    guard let data = FileManager.default.contents(atPath: path) else {
      throw ResultsFileError("\(path): cannot read the file")
    }
    return try decode(data, path: path)
  }

  private static func pathText(_ path: [any CodingKey]) -> String {
    path.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
      .trimmingCharacters(in: CharacterSet(charactersIn: "."))
  }
}
