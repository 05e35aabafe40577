// swift-tools-version:6.2
import PackageDescription

// No package dependencies, by rule: only the toolchain (Foundation, Dispatch, Swift Testing).

// Every function of a release build starts on a 32-byte boundary (LLVM's default is 16), so where
// a hot loop's branches fall relative to 32-byte boundaries depends on its own function's code
// only, not on the size of whatever code the linker put before it. On Intel cores with the JCC
// erratum microcode (Skylake to Cascade Lake; this project's CI runs on such a Xeon) a branch that
// crosses or ends on such a boundary is not cached as decoded, and a tight loop with one runs up
// to 1.2× slower: a change to run-length's update code made naive-linear's untouched prepare of
// uniform-grid 1.21× slower that way, and binary-search's uniform-grid rect queries 1.2× slower
// in another function. Measured, the A/B gate cannot tell that from a real slowdown; aligned,
// an unrelated change no longer causes it. Costs 16 bytes of padding per function on average.
// An LLVM option, hence unsafeFlags, which SwiftPM allows in dependencies from tools version 6.2.
let releaseCodeLayout: [SwiftSetting] = [
  .unsafeFlags(["-Xllvm", "-align-all-functions=5"], .when(configuration: .release))
]

let package = Package(
  name: "LayoutLab",
  products: [
    // The layouts, usable on their own from another package.
    .library(name: "LayoutLab", targets: ["LayoutLab"]),
    .executable(name: "bench", targets: ["bench"]),
  ],
  dependencies: [],
  targets: [
    .target(name: "LayoutLab", swiftSettings: releaseCodeLayout),
    // The harness: clocks, samples, statistics, runner, results files, reporters, gates.
    // Knows nothing of layouts.
    .target(
      name: "BenchKit",
      dependencies: ["CInstructionRegion", "CTemporaryFiles", "CProcessPlacement"],
      swiftSettings: releaseCodeLayout),
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
      name: "BenchmarkDatasets", dependencies: ["LayoutLab", "BenchKit"], path: "Benchmarks",
      swiftSettings: releaseCodeLayout),
    // The subcommands of `bench`, as a library so tests can run them in-process.
    .target(
      name: "BenchCLI", dependencies: ["LayoutLab", "BenchmarkDatasets", "BenchKit"],
      swiftSettings: releaseCodeLayout),
    .executableTarget(
      name: "bench", dependencies: ["BenchCLI", "BenchKit", "CAllocationCounter"],
      swiftSettings: releaseCodeLayout),
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
