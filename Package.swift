// swift-tools-version: 6.0
import CompilerPluginSupport
import PackageDescription

let package = Package(
  name: "Sluice",
  platforms: [.macOS(.v14), .iOS(.v17), .tvOS(.v17), .watchOS(.v10)],
  products: [
    .library(name: "Sluice", targets: ["Sluice"]),
    .library(name: "SluiceTesting", targets: ["SluiceTesting"]),
    // Tests that meet the debugger: a failing test's session file, debugger scripts run as
    // tests, and the registered-feature `TestStore` an exported test builds.
    .library(name: "SluiceDebuggerTesting", targets: ["SluiceDebuggerTesting"]),
    // `store.send(\.setStep, 3)` through swift-case-paths' case key paths.
    .library(name: "SluiceCasePaths", targets: ["SluiceCasePaths"]),
    // Reducers and their jobs run with swift-dependencies' values: `.dependencies { … }`.
    .library(name: "SluiceDependencies", targets: ["SluiceDependencies"]),
    .library(name: "SluiceDebugger", targets: ["SluiceDebugger"]),
    // Features on swift-dependencies, debugged with the session's clock, dates, ids and
    // random numbers, every value read recorded for replay: `Todos().controlled(by: environment)`.
    .library(name: "SluiceDebuggerDependencies", targets: ["SluiceDebuggerDependencies"]),
    .library(name: "SluiceReporting", targets: ["SluiceReporting"]),
    .library(name: "SluiceShell", targets: ["SluiceShell"]),
    .library(name: "SluiceCLI", targets: ["SluiceCLI"]),
    .executable(name: "sluice", targets: ["sluice"]),
    // Writes a debugger target for a package's own features: `swift run sluice-init`.
    .executable(name: "sluice-init", targets: ["sluice-init"]),
    // The same as `swift package sluice-init`: built for the build machine, as macros are, so
    // a package whose features use `@Feature` builds swift-syntax once, not twice.
    .plugin(name: "SluiceInitPlugin", targets: ["SluiceInitPlugin"]),
    // An HTTP service whose stores `sluice attach` debugs while it runs.
    .executable(name: "sluice-attach-example", targets: ["AttachExample"]),
    // `@Feature` and `@Scriptable`. A product of its own so that the runtime alone never
    // builds swift-syntax.
    .library(name: "SluiceMacroSupport", targets: ["SluiceMacroSupport"]),
    // Makes a running program's stores debuggable from another process (`sluice attach`):
    // a Unix socket (and TCP with a token, on request) in a private runtime folder.
    .library(name: "SluiceAgent", targets: ["SluiceAgent"]),
    // The session's timeline in the browser (`sluice serve`, `ui`): a page on loopback that
    // speaks the JSON protocol over a WebSocket, on Hummingbird.
    .library(name: "SluiceServe", targets: ["SluiceServe"]),
    // A store's actions and jobs as spans, through swift-distributed-tracing, inside the
    // request traces a service already exports.
    .library(name: "SluiceTracing", targets: ["SluiceTracing"]),
    // The Debug Adapter Protocol server `sluice dap` runs, for a tool that embeds it (the
    // benchmarks and fuzz targets do): its framing and its adapter, no dependency beyond
    // Sluice's own modules.
    .library(name: "SluiceDAP", targets: ["SluiceDAP"]),
  ],
  dependencies: [
    .package(url: "https://github.com/pointfreeco/swift-clocks", from: "1.1.1"),
    .package(url: "https://github.com/pointfreeco/swift-custom-dump", from: "1.7.3"),
    .package(url: "https://github.com/pointfreeco/swift-case-paths", from: "1.10.0"),
    .package(url: "https://github.com/pointfreeco/swift-dependencies", from: "1.17.1"),
    .package(url: "https://github.com/apple/swift-collections", from: "1.6.0"),
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
    .package(url: "https://github.com/swiftlang/swift-syntax", "600.0.0"..<"605.0.0"),
    .package(url: "https://github.com/pointfreeco/swift-macro-testing", from: "0.7.0"),
    .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
    // The attach example's HTTP service, and the page `sluice serve` serves.
    .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
    .package(url: "https://github.com/hummingbird-project/hummingbird-websocket", from: "2.8.1"),
    // The page server's logger, kept quiet: Hummingbird's own.
    .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
    // SluiceTracing only.
    .package(url: "https://github.com/apple/swift-distributed-tracing", from: "1.7.3"),
  ],
  targets: [
    // The runtime: stores, reducers, effects, middleware. Depends on the toolchain only.
    .target(name: "Sluice"),
    // Files read and written safely, for every module that touches one: bounded reads of
    // regular files that never wait on a FIFO, atomic writes flushed to disk with their final
    // mode from creation, one vocabulary of file kinds. The C library alone.
    .target(name: "SluiceFiles"),
    // The compiler plugin behind `@Feature` and `@Scriptable`: runs at build time, never
    // linked into a program.
    .macro(
      name: "SluiceMacros",
      dependencies: [
        .product(name: "SwiftCompilerPlugin", package: "swift-syntax"),
        .product(name: "SwiftDiagnostics", package: "swift-syntax"),
        .product(name: "SwiftSyntax", package: "swift-syntax"),
        .product(name: "SwiftSyntaxBuilder", package: "swift-syntax"),
        .product(name: "SwiftSyntaxMacros", package: "swift-syntax"),
      ]
    ),
    // The macros' declarations; re-exports `Sluice`, whose `ScriptableAction` they conform to.
    .target(name: "SluiceMacroSupport", dependencies: ["Sluice", "SluiceMacros"]),
    // Sending through case key paths (`@CasePathable` actions), beside the runtime so that
    // the runtime itself depends on nothing.
    .target(
      name: "SluiceCasePaths",
      dependencies: ["Sluice", .product(name: "CasePaths", package: "swift-case-paths")]
    ),
    // Dependency values for reducers and their jobs, through swift-dependencies, beside the
    // runtime so that the runtime itself depends on nothing.
    .target(
      name: "SluiceDependencies",
      dependencies: ["Sluice", .product(name: "Dependencies", package: "swift-dependencies")]
    ),
    // An exhaustive test store built on the runtime's monitor seam: the runtime alone, with
    // the clocks and value dumps a test store needs, for any platform's test target.
    .target(
      name: "SluiceTesting",
      dependencies: [
        "Sluice", .product(name: "Clocks", package: "swift-clocks"),
        .product(name: "CustomDump", package: "swift-custom-dump"),
      ]
    ),
    // Tests that meet the debugger: session files for failing tests (`debuggerFeature:`),
    // written as the debugger saves them; scripts run as the script runner runs them, their
    // headers read as `sluice run` reads them; `TestStore(feature:in:)` for exported tests.
    .target(
      name: "SluiceDebuggerTesting",
      dependencies: [
        "Sluice", "SluiceTesting", "SluiceDebugger", "SluiceFiles", "SluiceReporting", "SluiceScriptOptions",
        .product(name: "Clocks", package: "swift-clocks"),
      ]
    ),
    // The debugger engine: sessions, history, breakpoints, stepping, time travel, session
    // files, action text and value trees. No terminal code: every command returns values.
    .target(
      name: "SluiceDebugger",
      dependencies: ["Sluice", "SluiceFiles", .product(name: "DequeModule", package: "swift-collections")]
    ),
    // The debugger's control of swift-dependencies' clock, date, uuid and random numbers.
    .target(
      name: "SluiceDebuggerDependencies",
      dependencies: [
        "Sluice", "SluiceDebugger", "SluiceDependencies", .product(name: "Dependencies", package: "swift-dependencies"),
      ]
    ),
    // What the debugger reports, presented: typed text lines for people, the versioned JSON
    // event protocol for tools, and the script runner that reports through them.
    .target(name: "SluiceReporting", dependencies: ["SluiceDebugger", "SluiceFiles", "Sluice"]),
    // The session options a script declares in its `# sluice:` header, and `sluice` and
    // `sluice run` take: one parser for both, and for scripts run as tests.
    .target(
      name: "SluiceScriptOptions",
      dependencies: [
        "Sluice", "SluiceDebugger", "SluiceFiles", "SluiceReporting", .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]
    ),
    // Debian's libedit (`libedit-dev`), with C wrappers for its variadic calls.
    .systemLibrary(
      name: "CLibEdit",
      pkgConfig: "libedit",
      providers: [.apt(["libedit-dev"]), .brew(["libedit"])]
    ),
    // The interactive shell: line editing, history, completion, prompt and signals.
    .target(
      name: "SluiceShell",
      dependencies: ["CLibEdit", "SluiceDebugger", "SluiceReporting", "Sluice"]
    ),
    // The `sluice` command line (argument parsing, the shell, `sluice run`) as a library, so
    // a user's own debugger executable is a few lines that pass their feature registry.
    .target(
      name: "SluiceCLI",
      dependencies: [
        // No SwiftNIO or Hummingbird: the page is the SluiceServe product's, passed to
        // `SluiceCommand.main(registry:page:)` by a debugger that links it.
        "SluiceShell", "SluiceDebugger", "SluiceFiles", "SluiceReporting", "SluiceAgentAccess", "SluiceScriptOptions",
        "SluiceDAP", .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]
    ),
    // The Debug Adapter Protocol server (`sluice dap`): an editor's client of the engine,
    // over standard input and output or a Unix socket (the socket file's rules are the
    // agent's, from SluiceAgentAccess). No SwiftNIO: the framing is a few lines.
    .target(name: "SluiceDAP", dependencies: ["SluiceDebugger", "SluiceReporting", "SluiceFiles", "SluiceAgentAccess"]),
    // Finds a package's features (@Feature or Reducer) with swift-syntax's parser and plans
    // the debugger target that registers them; `sluice-init` writes it.
    .target(
      name: "SluiceInit",
      dependencies: [
        // Its file reading: regular files only, a FIFO never waited on.
        "SluiceFiles",
        .product(name: "SwiftDiagnostics", package: "swift-syntax"),
        .product(name: "SwiftParser", package: "swift-syntax"),
        .product(name: "SwiftParserDiagnostics", package: "swift-syntax"),
        .product(name: "SwiftSyntax", package: "swift-syntax"),
        .product(name: "SwiftSyntaxBuilder", package: "swift-syntax"),
      ]
    ),
    // How a client finds and reaches a program's agent, and how the agent lets it in: the
    // private runtime folder and its checks, discovery files, access tokens, the handshakes.
    // Both sides use it; the C library and SluiceFiles alone, so that `sluice attach` builds
    // without SwiftNIO.
    .target(name: "SluiceAgentAccess", dependencies: ["SluiceFiles"]),
    // The agent's transport, on SwiftNIO and nothing of the engine: Unix socket and TCP
    // servers, each connection a pipeline (line decoder, the TCP handshake, delivery one line
    // at a time), bounded outbound buffers. It is given lines and sends lines.
    .target(
      name: "SluiceAgentTransport",
      dependencies: [
        "SluiceFiles", "SluiceAgentAccess",
        .product(name: "NIOCore", package: "swift-nio"), .product(name: "NIOPosix", package: "swift-nio"),
        // `NIOLockedValueBox`: `Synchronization.Mutex` needs macOS 15, the package supports 14.
        .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
      ]
    ),
    // The agent a program links to be attached to: each client of the transport a request
    // loop over the program's adopted stores.
    .target(
      name: "SluiceAgent",
      dependencies: [
        "Sluice", "SluiceDebugger", "SluiceReporting", "SluiceFiles", "SluiceAgentAccess", "SluiceAgentTransport",
        "SluiceDAP", .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
      ]
    ),
    // The page `sluice serve` and the shell's `ui` open: served on loopback behind a token,
    // its HTML, CSS and JavaScript resources of the package, its requests answered by the
    // protocol's endpoint over a WebSocket.
    .target(
      name: "SluiceServe",
      dependencies: [
        // The constant-time token check.
        "SluiceDebugger", "SluiceReporting", "SluiceAgentAccess",
        .product(name: "Hummingbird", package: "hummingbird"),
        .product(name: "Logging", package: "swift-log"),
        .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
        .product(name: "HummingbirdWebSocket", package: "hummingbird-websocket"),
        // Its connections: a silent one closed (NIO's `IdleStateHandler`, in a child channel
        // of Hummingbird's wrapped around the WebSocket upgrade's).
        .product(name: "HummingbirdCore", package: "hummingbird"), .product(name: "NIOCore", package: "swift-nio"),
      ],
      resources: [.copy("Page")]
    ),
    // A store monitor whose spans are the store's actions and jobs, through
    // swift-distributed-tracing's `Tracing`.
    .target(
      name: "SluiceTracing",
      dependencies: [
        "Sluice", .product(name: "Tracing", package: "swift-distributed-tracing"),
        .product(name: "DequeModule", package: "swift-collections"),
      ]
    ),
    .plugin(
      name: "SluiceInitPlugin",
      capability: .command(
        intent: .custom(verb: "sluice-init", description: "Add a debugger executable that registers this package's features."),
        permissions: [
          .writeToPackageDirectory(reason: "sluice-init writes the debugger's two targets and adds them to Package.swift")
        ]),
      dependencies: ["sluice-init"]
    ),
    .executableTarget(
      name: "sluice-init",
      dependencies: ["SluiceInit", .product(name: "ArgumentParser", package: "swift-argument-parser")]
    ),
    // The `sluice` executable: the command line with the example features registered.
    .executableTarget(name: "sluice", dependencies: ["SluiceCLI", "SluiceServe", "ExampleRegistry"]),
    // Features written with Sluice, used by the docs, the tests and the debugger.
    // `Weather` reads its client with `@Dependency` and has a `@CasePathable` action.
    .target(
      name: "ExampleFeatures",
      dependencies: [
        "Sluice", "SluiceMacroSupport", "SluiceDependencies", "SluiceCasePaths",
        .product(name: "Dependencies", package: "swift-dependencies"),
        .product(name: "CasePaths", package: "swift-case-paths"),
      ],
      path: "Examples/ExampleFeatures"
    ),
    // An HTTP service (Hummingbird) with its stores attachable.
    .executableTarget(
      name: "AttachExample",
      dependencies: [
        "ExampleFeatures", "Sluice", "SluiceAgent", .product(name: "Hummingbird", package: "hummingbird"),
      ],
      path: "Examples/AttachExample"
    ),
    // The example features registered for the debugger.
    .target(
      name: "ExampleRegistry",
      dependencies: [
        "ExampleFeatures", "SluiceDebugger", "Sluice", "SluiceDependencies", "SluiceDebuggerDependencies",
        .product(name: "Dependencies", package: "swift-dependencies"),
      ],
      path: "Examples/ExampleRegistry"
    ),
    .testTarget(
      name: "SluiceTests",
      dependencies: ["Sluice", "SluiceTesting", .product(name: "Clocks", package: "swift-clocks")]
    ),
    .testTarget(
      name: "SluiceTestingTests",
      dependencies: [
        "Sluice", "SluiceTesting", .product(name: "Clocks", package: "swift-clocks"),
        // Failing tests' sessions, loaded as the debugger loads them.
        "SluiceDebuggerTesting", "SluiceDebugger", "ExampleFeatures", "ExampleRegistry",
      ]
    ),
    .testTarget(
      name: "SluiceDebuggerTests",
      dependencies: [
        "SluiceDebugger", "SluiceFiles", "SluiceReporting", "Sluice", "SluiceMacroSupport", "SluiceTesting",
        "SluiceDebuggerTesting", "JSONCheck",
        "ExampleFeatures", "ExampleRegistry",
        "SluiceDebuggerDependencies", .product(name: "Dependencies", package: "swift-dependencies"),
        // Exported tests parsed, to check that no text of a session file became code.
        .product(name: "SwiftParser", package: "swift-syntax"), .product(name: "SwiftSyntax", package: "swift-syntax"),
      ]
    ),
    .testTarget(
      name: "SluiceMacrosTests",
      dependencies: ["SluiceMacros", .product(name: "MacroTesting", package: "swift-macro-testing")]
    ),
    .testTarget(
      name: "SluiceMacroSupportTests",
      dependencies: [
        "SluiceMacroSupport", "Sluice", "SluiceTesting", "SluiceCasePaths", "SluiceDependencies", "SluiceDebugger",
        .product(name: "CasePaths", package: "swift-case-paths"),
        .product(name: "Dependencies", package: "swift-dependencies"),
      ]
    ),
    // README's fenced blocks, read once for the tests that compile, run and type them.
    .target(name: "ReadmeBlocks", path: "Tests/ReadmeBlocks"),
    // JSON values read strictly and checked against a JSON Schema: the event protocol's, and
    // the Debug Adapter Protocol's.
    .target(name: "JSONCheck", path: "Tests/JSONCheck"),
    // `sluice dap` without an editor: its framing, sessions through the adapter in order,
    // every message it sends held to the protocol's schema.
    .testTarget(
      name: "SluiceDAPTests",
      dependencies: ["Sluice", "SluiceDAP", "SluiceDebugger", "SluiceReporting", "ExampleRegistry", "JSONCheck"]
    ),
    // Pseudo-terminal calls the shell's tests need and Swift's Glibc module leaves out.
    .target(name: "CTestTerminal", path: "Tests/CTestTerminal"),
    // Drives the line editor and the built `sluice` binary through pseudo-terminals;
    // depending on the executable makes `swift build --build-tests` build it.
    .testTarget(
      name: "SluiceShellTests",
      dependencies: ["sluice", "SluiceShell", "SluiceDebugger", "SluiceReporting", "Sluice", "ExampleRegistry", "CTestTerminal", "ReadmeBlocks"]
    ),
    // Runs the built `sluice` binary as a subprocess; depending on the executable target
    // makes `swift build --build-tests` build it.
    .testTarget(
      name: "SluiceCLITests",
      dependencies: [
        "sluice", "sluice-init", "AttachExample", "SluiceInit", "SluiceCLI", "SluiceDebugger", "SluiceReporting",
        "SluiceShell", "SluiceServe", "SluiceAgent", "ExampleRegistry", "ReadmeBlocks", "PageClient", "SluiceDAP",
        "JSONCheck",
      ],
      // The known gaps PublicDocumentationTests reads by path.
      exclude: ["undocumented-public-symbols.txt"]
    ),
    // Tests `export test` wrote from sessions of the example features, kept as written: they
    // build and pass here, and SluiceDebuggerTests checks the exporter still writes them so.
    .testTarget(
      name: "ExportedSessionTests",
      dependencies: ["ExampleFeatures", "ExampleRegistry", "Sluice", "SluiceTesting", "SluiceDebuggerTesting"]
    ),
    .testTarget(
      name: "SluiceDependenciesTests",
      dependencies: [
        "SluiceDependencies", "Sluice", "SluiceTesting", .product(name: "Dependencies", package: "swift-dependencies"),
      ]
    ),
    // Drives the agent's servers with a small POSIX socket client.
    .testTarget(
      name: "SluiceAgentTests",
      dependencies: [
        "SluiceAgent", "SluiceAgentAccess", "SluiceAgentTransport", "SluiceReporting", "Sluice",
        .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
        // The connection's handlers on `EmbeddedChannel`: no socket, and time only as a test moves it;
        // the line decoder through NIO's own decoder verifier.
        .product(name: "NIOEmbedded", package: "swift-nio"), .product(name: "NIOTestUtils", package: "swift-nio"),
      ]
    ),
    // A plain WebSocket client for the page server's tests, hosted and attached.
    .target(name: "PageClient", path: "Tests/PageClient"),
    // The page server without a browser, through a plain TCP client.
    .testTarget(
      name: "SluiceServeTests",
      dependencies: ["SluiceServe", "SluiceDebugger", "ExampleRegistry", "PageClient"]
    ),
    // Spans read back from swift-distributed-tracing's in-memory tracer.
    .testTarget(
      name: "SluiceTracingTests",
      dependencies: [
        "SluiceTracing", "Sluice", .product(name: "Tracing", package: "swift-distributed-tracing"),
        .product(name: "InMemoryTracing", package: "swift-distributed-tracing"),
      ]
    ),
    .testTarget(
      name: "SluiceCasePathsTests",
      dependencies: ["SluiceCasePaths", "Sluice", .product(name: "CasePaths", package: "swift-case-paths")]
    ),
    .testTarget(
      name: "ExampleFeaturesTests",
      dependencies: [
        "ExampleFeatures", "Sluice", "SluiceTesting", "SluiceDependencies", "SluiceCasePaths",
        .product(name: "Clocks", package: "swift-clocks"),
        .product(name: "Dependencies", package: "swift-dependencies"),
        .product(name: "CasePaths", package: "swift-case-paths"),
      ]
    ),
  ],
  swiftLanguageModes: [.v6]
)
