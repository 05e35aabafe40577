// swift-tools-version:6.2
import PackageDescription

// Release builds keep jumps off 32-byte boundaries. On Intel cores with the JCC erratum
// microcode (Skylake to Cascade Lake; this project's CI runs on such a Xeon) a jump that crosses
// or ends on a 32-byte boundary is not served from the decoded-instruction cache, and a tight
// loop with one runs up to 1.2× slower. Where jumps fell depended on the size of whatever code
// the linker put before a function: a change to run-length's update code made naive-linear's
// untouched prepare of uniform-grid 1.21× slower, with the same instructions, and the A/B gate
// cannot tell that from a real slowdown. So the assembler pads each such jump with a nop
// (`-x86-branches-within-32B-boundaries`, clang's `-mbranches-within-32B-boundaries`), and every
// function starts on a 32-byte boundary (`-align-all-functions=5`) so that a function's code
// sits the same against those boundaries whatever comes before it. About 0.2 % more code.
// LLVM options, hence unsafeFlags, which SwiftPM allows in dependencies from tools version 6.2.
// The padding is for x86 only: the manifest is compiled for the machine that builds.
#if arch(x86_64)
  let jumpPadding = ["-Xllvm", "-x86-branches-within-32B-boundaries"]
#else
  let jumpPadding: [String] = []
#endif
let releaseCodeLayout: [SwiftSetting] = [
  .unsafeFlags(jumpPadding + ["-Xllvm", "-align-all-functions=5"], .when(configuration: .release))
]

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
