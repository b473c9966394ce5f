// swift-tools-version: 6.0
import PackageDescription

// libFuzzer targets for Sluice's parsers and file loading, built by `Scripts/fuzz` with
// `-sanitize=fuzzer,address -parse-as-library` (libFuzzer provides `main`). A package of its
// own, so that `swift build` and `swift test` of Sluice never build them.
let fuzzTargets = [
  "FuzzActionText", "FuzzCommandLine", "FuzzCondition", "FuzzDebugAdapter", "FuzzExportTest", "FuzzSessionFile",
]
/// Targets that parse Swift besides: FuzzExportTest parses the tests it exports. Only they
/// build swift-syntax's parser, which the others need not wait for.
let parsingSwift: Set = ["FuzzExportTest"]

let package = Package(
  name: "SluiceFuzz",
  platforms: [.macOS(.v14)],
  dependencies: [
    .package(name: "Sluice", path: ".."),
    // The range Sluice's own manifest asks for, so both resolve to one version.
    .package(url: "https://github.com/swiftlang/swift-syntax", "600.0.0"..<"605.0.0"),
  ],
  targets: [
    .target(name: "CFuzzDriver"),
    // The feature the session-file targets load their inputs into.
    .target(name: "FuzzFeatures", dependencies: [.product(name: "Sluice", package: "Sluice")]),
  ]
    + fuzzTargets.map { name in
      .executableTarget(
        name: name,
        dependencies: [
          "CFuzzDriver", "FuzzFeatures", .product(name: "SluiceDebugger", package: "Sluice"),
          .product(name: "SluiceReporting", package: "Sluice"), .product(name: "Sluice", package: "Sluice"),
        ]
          + (name == "FuzzDebugAdapter" ? [.product(name: "SluiceDAP", package: "Sluice")] : [])
          + (parsingSwift.contains(name)
            ? [
              .product(name: "SwiftParser", package: "swift-syntax"), .product(name: "SwiftSyntax", package: "swift-syntax"),
            ] : []))
    },
  swiftLanguageModes: [.v6]
)
