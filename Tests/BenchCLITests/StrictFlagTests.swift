import Foundation
import Testing

@testable import BenchCLI

/// The rules every command's flags follow (`OptionTable`): a flag with a value once, plain
/// decimal numbers, no empty list items, no extra arguments — each an error naming the flag,
/// on one line, exit status 2.
@Suite struct StrictFlagTests {
  static let spec = #"{"collectionView": {"size": [320, 480]}, "sections": [{"items": 3}]}"#

  @Test(arguments: [
    (
      ["layout", "--strategy", "all", "--strategy", "naive-linear", "spec.json"],
      "--strategy given twice"
    ),
    (["layout", "--updates", "a", "--updates", "b", "spec.json"], "--updates given twice"),
    (["dataset", "uniform-grid", "--items", "5", "--items", "6"], "--items given twice"),
    (["run", "--allow-debug", "--items", "1k", "--items", "2k"], "--items given twice"),
    (["run", "--allow-debug", "--output", "a", "--output", "b"], "--output given twice"),
    (["compare", "a.json", "--tolerance", "0", "--tolerance", "1"], "--tolerance given twice"),
    (["compare", "a.json", "--markdown", "a", "--markdown", "b"], "--markdown given twice"),
    (["report", "a.json", "--format", "md", "--format", "csv"], "--format given twice"),
    (["run", "--allow-debug", "--time-budget", "0x10"], "--time-budget: '0x10'"),
    (["run", "--allow-debug", "--time-budget", "1e-2"], "--time-budget: '1e-2'"),
    (["run", "--allow-debug", "--time-budget", "+1s"], "--time-budget: '+1s'"),
    (["run", "--allow-debug", "--time-budget", "inf"], "--time-budget: 'inf'"),
    (["dataset", "uniform-grid", "--items", "-0"], "--items: '-0'"),
    (["dataset", "uniform-grid", "--items", "+5"], "--items: '+5'"),
    (["dataset", "uniform-grid", "--items", "0x10"], "--items: '0x10'"),
    (["dataset", "uniform-grid", "--items", "010"], "--items: '010'"),
    (["dataset", "uniform-grid", "--items", " 5"], "--items: ' 5'"),
    (["run", "--allow-debug", "--jobs", "+2"], "--jobs: '+2'"),
    (["compare", "--against", "x", "--rounds", "0x10"], "--rounds: '0x10'"),
    (["compare", "a.json", "--tolerance", "0x1"], "--tolerance: '0x1'"),
    (["compare", "a.json", "--tolerance", "-0"], "--tolerance: '-0'"),
    (["layout", "--rect", "0x10,0,1,1", "spec.json"], "X '0x10' is not a decimal number"),
    (["layout", "--rect", "0,0,1e3,1", "spec.json"], "W '1e3' is not a decimal number"),
    (["run", "--allow-debug", "--format", ","], "--format: ',' has an empty item"),
    (["run", "--allow-debug", "--strategies", "a,,b"], "--strategies: 'a,,b' has an empty item"),
    (["run", "--allow-debug", "--items", "1k,"], "--items: '1k,' has an empty item"),
    (["run", "--allow-debug", "--datasets", ""], "--datasets: '' has an empty item"),
    (["help", "extra"], "bench help takes no arguments, found 'extra'"),
    (["--help", "extra"], "bench help takes no arguments, found 'extra'"),
    (["list", "extra"], "bench list takes no arguments, found 'extra'"),
    (["_ab-worker", "extra"], "bench _ab-worker takes no arguments, found 'extra'"),
  ])
  func isRejected(_ arguments: [String], naming expected: String) {
    let run = CapturingIO.run(arguments, files: ["spec.json": Self.spec])
    #expect(run.status == .badInput, "\(arguments): \(run.error)")
    #expect(run.output.isEmpty)
    #expect(run.error.hasPrefix("bench: ") && run.error.hasSuffix("\n"))
    #expect(run.error.filter { $0 == "\n" }.count == 1, "\(run.error)")
    #expect(run.error.contains(expected), "'\(run.error)' should contain '\(expected)'")
  }

  @Test func countsAndDecimals_stillAcceptTheirUsualForms() throws {
    #expect(try ArgumentSyntax.count("0", flag: "--items") == 0)
    #expect(try ArgumentSyntax.count("100000", flag: "--items") == 100_000)
    #expect(try ArgumentSyntax.count("1k", flag: "--items") == 1_000)
    #expect(try ArgumentSyntax.count("100k", flag: "--items") == 100_000)
    #expect(try ArgumentSyntax.count("1M", flag: "--items") == 1_000_000)
    #expect(try ArgumentSyntax.count("10m", flag: "--items") == 10_000_000)
    #expect(ArgumentSyntax.decimal("0.25") == 0.25)
    #expect(ArgumentSyntax.decimal("12") == 12)
    #expect(ArgumentSyntax.decimal("-3.5", allowsNegative: true) == -3.5)
    #expect(ArgumentSyntax.decimal("-3.5") == nil)
    for text in ["", ".5", "5.", "1.2.3", "00.5", "1_000", "٣", "nan", "0x1p3"] {
      #expect(ArgumentSyntax.decimal(text[...]) == nil, "\(text)")
    }
    #expect(try ArgumentSyntax.list("a, b ,c", flag: "--x") == ["a", "b", "c"])
  }

  @Test func aRepeatableFlag_staysRepeatable() {
    let run = CapturingIO.run(
      ["layout", "--rect", "-10,-5.5,100,100", "--rect", "0, 0, 10, 10", "spec.json"],
      files: ["spec.json": Self.spec])
    #expect(run.status == .success, "\(run.error)")
    #expect(run.output.contains(#""queries""#))
  }
}
