// swift-tools-version: 6.0
import PackageDescription

// libFuzzer targets for Sluice's parsers and file loading, built by `Scripts/fuzz` with
// `-sanitize=fuzzer,address -parse-as-library` (libFuzzer provides `main`). A package of its
// own, so that `swift build` and `swift test` of Sluice never build them.
let fuzzTargets = ["FuzzActionText", "FuzzCommandLine", "FuzzCondition", "FuzzSessionFile"]

let package = Package(
  name: "SluiceFuzz",
  platforms: [.macOS(.v14)],
  dependencies: [.package(name: "Sluice", path: "..")],
  targets: [.target(name: "CFuzzDriver")]
    + fuzzTargets.map { name in
      .executableTarget(
        name: name,
        dependencies: [
          "CFuzzDriver", .product(name: "SluiceDebugger", package: "Sluice"),
          .product(name: "SluiceReporting", package: "Sluice"), .product(name: "Sluice", package: "Sluice"),
        ])
    },
  swiftLanguageModes: [.v6]
)
