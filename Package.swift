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
    // WHAT is measured: synthetic datasets (and, later, workloads and suites).
    .target(name: "BenchmarkDatasets", dependencies: ["LayoutLab"], path: "Benchmarks"),
    // The subcommands of `bench`, as a library so tests can run them in-process.
    .target(name: "BenchCLI", dependencies: ["LayoutLab", "BenchmarkDatasets"]),
    .executableTarget(name: "bench", dependencies: ["BenchCLI"]),
    .testTarget(name: "LayoutLabTests", dependencies: ["LayoutLab", "BenchmarkDatasets"]),
    .testTarget(name: "BenchCLITests", dependencies: ["BenchCLI", "LayoutLab", "BenchmarkDatasets"]),
  ]
)
