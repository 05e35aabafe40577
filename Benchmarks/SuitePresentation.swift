import BenchKit
import LayoutLab

/// How LayoutLab's benchmarks are presented in every report: the harness knows nothing of
/// layouts, so the suite says what its counters are called, what its floor measures and which
/// workloads are shown against it, and which strategy the winners are measured against.
public enum SuitePresentation {
  /// The strategy name of the floor benchmarks: the cost of merely writing n frames.
  public static let floorStrategy = "floor"

  /// What `bench run`, `bench report` and `bench compare` give every reporter.
  public static let report = ReportPresentation(
    title: "LayoutLab",
    counters: [
      // First, so that the console shows it whenever it is not zero: the other counters are
      // then the fallback's work, not the strategy's.
      .init("exactPositionFallbacks", shortName: "EXACT-POSITION FALLBACK"),
      .init("framesComputed", shortName: "frames"),
      .init("elementsScanned", shortName: "scanned"),
      .init("linesBroken", shortName: "lines"),
      .init("sectionsLaidOut", shortName: "sections"),
    ],
    floor: .init(
      strategy: floorStrategy, meaning: "write n frames",
      // Workloads that lay every item out: the floor is the least they could cost.
      comparedWorkloads: [Workload.prepare.name, Workload.firstScreen.name]),
    referenceStrategy: FlowStrategies.reference.strategyName)
}
