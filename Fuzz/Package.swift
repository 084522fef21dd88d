// swift-tools-version:6.0
// The libFuzzer target of TournamentCore: tc_call with a method chosen by the input and the rest
// of the input as the request. A package of its own, so that the main package builds no
// executable without `main`. Build and run with Fuzz/run.sh.
import PackageDescription

let package = Package(
    name: "TournamentCoreFuzz",
    dependencies: [
        .package(name: "TournamentCore", path: ".."),
    ],
    targets: [
        .executableTarget(
            name: "TournamentCoreFuzzer",
            dependencies: [.product(name: "tournamentcore", package: "TournamentCore")],
            // libFuzzer provides `main`; this target only defines LLVMFuzzerTestOneInput.
            swiftSettings: [.unsafeFlags(["-parse-as-library"])]),
    ]
)
