// swift-tools-version:6.0
import PackageDescription

// No package dependencies, by rule: only the toolchain (Foundation, Dispatch, Swift Testing).
let package = Package(
  name: "LayoutLab",
  products: [
    // The layouts, usable on their own from another package.
    .library(name: "LayoutLab", targets: ["LayoutLab"]),
    .executable(name: "bench", targets: ["bench"]),
  ],
  dependencies: [],
  targets: [
    .target(name: "LayoutLab"),
    // The harness: clocks, samples, statistics, runner, results files, reporters, gates.
    // Knows nothing of layouts.
    .target(
      name: "BenchKit",
      dependencies: ["CInstructionRegion", "CTemporaryFiles", "CProcessPlacement"]),
    // A function of its own around one iteration of a benchmark, for callgrind to count alone.
    .target(name: "CInstructionRegion"),
    // Removes the temporary files of an interrupted write on SIGINT, SIGTERM or SIGHUP: a signal
    // handler, so C (async-signal-safe, a fixed table, no locks).
    .target(name: "CTemporaryFiles"),
    // Pins the processes of an A/B comparison to one CPU and turns address randomization off
    // for them: sched_setaffinity and personality, which Swift's Glibc module does not offer.
    .target(name: "CProcessPlacement"),
    // Counts heap allocations by wrapping glibc's allocator; linked into `bench` only.
    .target(name: "CAllocationCounter"),
    // WHAT is measured: synthetic datasets, workloads and suites.
    .target(
      name: "BenchmarkDatasets", dependencies: ["LayoutLab", "BenchKit"], path: "Benchmarks"),
    // The subcommands of `bench`, as a library so tests can run them in-process.
    .target(name: "BenchCLI", dependencies: ["LayoutLab", "BenchmarkDatasets", "BenchKit"]),
    .executableTarget(name: "bench", dependencies: ["BenchCLI", "BenchKit", "CAllocationCounter"]),
    // Finds the fixtures the package carries (Tests/Fixtures) from its own path.
    .target(name: "TestFixtures", path: "Tests/TestFixtures"),
    .testTarget(
      name: "LayoutLabTests", dependencies: ["LayoutLab", "BenchmarkDatasets", "TestFixtures"]),
    .testTarget(
      name: "BenchCLITests",
      dependencies: ["BenchCLI", "LayoutLab", "BenchmarkDatasets", "TestFixtures"]),
    .testTarget(
      name: "BenchKitTests",
      dependencies: ["BenchKit", "BenchmarkDatasets", "BenchCLI", "LayoutLab"]),
  ]
)
