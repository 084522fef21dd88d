// swift-tools-version:6.3
//
// TournamentCore — the shared domain core of the tournament app.
//
// Four layers, each depending only on those below it (see docs/ARCHITECTURE.md):
//
//   TournamentCore      domain: value types and pure rules; the typed Swift API
//   TournamentCoreJSON  JSON:   the reader and writer over UTF-8 bytes, nothing of tournaments
//   TournamentCoreWire  wire:   request decoding with paths, response encoding, method
//                                registry, envelopes
//   TournamentCoreABI   ABI:    the `tc_*` C exports (`@_cdecl`), memory ownership
//
// The shipped C library (`libtournamentcore.so`, Swift runtime linked in
// statically, only `tc_*` exported) is built by CMakeLists.txt; the dynamic
// product below is the same code for SwiftPM users and tests.

import PackageDescription

let package = Package(
    name: "TournamentCore",
    // The first releases with every API the sources use (String(unsafeUninitializedCapacity:)
    // among them). The sources need Swift 6.3 or later (`@inline(always)`, which the JSON module
    // uses so that its small members are inlined into the wire layer). CI builds and tests Linux only.
    platforms: [.macOS(.v11), .iOS(.v14), .tvOS(.v14), .watchOS(.v7)],
    products: [
        .library(name: "TournamentCore", targets: ["TournamentCore"]),
        .library(name: "TournamentCoreWire", targets: ["TournamentCoreWire"]),
        .library(name: "tournamentcore", type: .dynamic, targets: ["TournamentCoreABI"]),
        .executable(name: "tournament-core", targets: ["TournamentCoreCLI"]),
    ],
    dependencies: [
        // Tests only (property-based tests of the domain rules); not a dependency of any product.
        .package(url: "https://github.com/x-sheep/swift-property-based.git", from: "2.0.1"),
    ],
    targets: [
        .target(name: "TournamentCore"),
        .target(name: "TournamentCoreJSON"),
        .target(name: "TournamentCoreWire", dependencies: ["TournamentCore", "TournamentCoreJSON"]),
        .target(name: "TournamentCoreABI", dependencies: ["TournamentCoreWire"]),
        // The tool calls the library through its C interface, as any host does (include/module.modulemap).
        .systemLibrary(name: "TournamentCoreC", path: "include"),
        .executableTarget(name: "TournamentCoreCLI", dependencies: ["TournamentCoreABI", "TournamentCoreC", "TournamentCoreJSON"]),
        // Reading the repository's files (golden files, JSONTestSuite), for the test targets.
        .target(name: "TestFiles", path: "Tests/Support"),
        .testTarget(
            name: "TournamentCoreTests",
            dependencies: ["TournamentCore", "TestFiles", .product(name: "PropertyBased", package: "swift-property-based")]),
        .testTarget(name: "TournamentCoreJSONTests", dependencies: ["TournamentCoreJSON", "TestFiles"]),
        .testTarget(name: "TournamentCoreWireTests", dependencies: ["TournamentCoreWire", "TournamentCoreJSON", "TestFiles"]),
    ]
)
