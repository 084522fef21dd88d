// swift-tools-version:6.0
// A separate package that uses TournamentCore as an ordinary dependency, by path, through its
// typed Swift API: no JSON, no C.
import PackageDescription

let package = Package(
    name: "TournamentCoreConsumer",
    dependencies: [
        .package(name: "TournamentCore", path: "../.."),
    ],
    targets: [
        .executableTarget(
            name: "FixturesAndTabs",
            dependencies: [.product(name: "TournamentCore", package: "TournamentCore")]),
    ]
)
