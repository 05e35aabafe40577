import Foundation
import Testing

@testable import BenchKit

/// The pure parts of `bench run`'s placement (docs/BenchMethod.md, "Two runs on equal footing").
@Suite struct RunPlacementTests {
  @Test func idleTicks_readEveryCPULine_andSkipWhatItCannotRead() {
    let stat = """
      cpu  100 0 50 9000 10 0 0 0 0 0
      cpu0 50 0 25 4000 5 0 0 0 0 0
      cpu1 50 0 25 5000 5 0 0 0 0 0
      cpux 1 2 3 4 5 6
      cpu2 1 2
      intr 12345
      """
    #expect(ProcessPlacement.idleTicks(procStat: stat) == [0: 4005, 1: 5005])
  }

  @Test func leastBusyCPU_isTheOneIdleLongest_lowestOnATie() {
    let before: [Int: UInt64] = [0: 100, 1: 100, 2: 100]
    #expect(ProcessPlacement.leastBusyCPU(before: before, after: [0: 110, 1: 150, 2: 120]) == 1)
    #expect(ProcessPlacement.leastBusyCPU(before: before, after: [0: 150, 1: 150, 2: 120]) == 0)
    // A CPU missing from one reading is not chosen; none in both: nil.
    #expect(ProcessPlacement.leastBusyCPU(before: [0: 100], after: [0: 101, 1: 900]) == 0)
    #expect(ProcessPlacement.leastBusyCPU(before: [:], after: [0: 1]) == nil)
  }

  @Test func stackPadding_bringsEveryCommandLineToAPage() {
    func total(_ arguments: [String], _ environment: [String]) -> Int {
      let name = "PAD"
      let pad = ProcessPlacement.stackPadding(
        executablePath: "/proc/self/exe", arguments: arguments, environment: environment,
        name: name)
      #expect((0..<4096).contains(pad))
      let all =
        ["/proc/self/exe"] + arguments + environment + [
          name + "=" + String(repeating: "x", count: pad)
        ]
      return all.reduce(0) { $0 + $1.utf8.count + 1 } + 8
        * (arguments.count + environment.count + 1)
    }
    let short = total(["bench", "run", "--output", "/tmp/a"], ["HOME=/root"])
    let long = total(
      ["bench", "run", "--quick", "--output", "Results/some/longer/folder"],
      ["HOME=/root", "PATH=/usr/bin:/bin", "É=ü"])
    #expect(short % 4096 == 0 && long % 4096 == 0)
  }
}
