// swift-tools-version: 6.1
import PackageDescription

// Benchmarks for Sluice, in a package of their own so that `swift test` at the root never
// builds the harness. Run them with `Scripts/bench` from the repository root.
let package = Package(
  name: "SluiceBenchmarks",
  platforms: [.macOS(.v15)],
  dependencies: [
    .package(name: "Sluice", path: ".."),
    .package(
      url: "https://github.com/ordo-one/package-benchmark",
      from: "1.38.1",
      traits: ["MallocInterposer"]
    ),
    // The interposer package-benchmark counts allocations with; benchmark 9 reads its
    // counters around each half of a comparison.
    .package(url: "https://github.com/ordo-one/malloc-interposer", from: "1.6.1"),
    // Benchmark 14: a reducer reading swift-dependencies' values, recorded in production.
    .package(url: "https://github.com/pointfreeco/swift-dependencies", from: "1.17.1"),
  ],
  targets: [
    // The features and states the benchmarks measure, shared by both executables.
    .target(
      name: "BenchmarkFixtures",
      dependencies: [
        .product(name: "Sluice", package: "Sluice"),
        // Benchmark 13: a counter offered by the agent, and a socket client of it.
        .product(name: "SluiceAgent", package: "Sluice"),
        // Benchmark 14: a reducer's dependency reads, recorded for an adopting session.
        .product(name: "SluiceDebugger", package: "Sluice"),
        .product(name: "SluiceDebuggerDependencies", package: "Sluice"),
        .product(name: "Dependencies", package: "swift-dependencies"),
        // Benchmark 15: an editor's round through the debug adapter, and through the protocol.
        .product(name: "SluiceDAP", package: "Sluice"),
        .product(name: "SluiceReporting", package: "Sluice"),
      ],
      path: "Benchmarks/BenchmarkFixtures"
    ),
    // Runs one workload N times, for callgrind to count its instructions
    // (`Scripts/bench --instructions`): figures a noisy machine cannot move.
    .executableTarget(
      name: "SluiceInstructionCounts",
      dependencies: [
        "BenchmarkFixtures",
        .product(name: "Sluice", package: "Sluice"),
        .product(name: "SluiceAgent", package: "Sluice"),
        .product(name: "SluiceDebugger", package: "Sluice"),
        .product(name: "SluiceReporting", package: "Sluice"),
      ],
      path: "Benchmarks/SluiceInstructionCounts"
    ),
    .executableTarget(
      name: "SluiceBenchmarks",
      dependencies: [
        "BenchmarkFixtures",
        .product(name: "Benchmark", package: "package-benchmark"),
        .product(name: "MallocInterposerSwift", package: "malloc-interposer"),
        .product(name: "Sluice", package: "Sluice"),
        .product(name: "SluiceAgent", package: "Sluice"),
        .product(name: "SluiceDebugger", package: "Sluice"),
        .product(name: "SluiceReporting", package: "Sluice"),
      ],
      path: "Benchmarks/SluiceBenchmarks",
      plugins: [.plugin(name: "BenchmarkPlugin", package: "package-benchmark")]
    )
  ],
  swiftLanguageModes: [.v6]
)
