import Testing
import TestFiles
import TournamentCoreWire

/// A golden case: `Tests/golden/<method>/<case>.request.json` and the exact response bytes
/// expected for it in `<case>.response.json` (one line; the final newline is not part of it).
struct GoldenCase: CustomTestStringConvertible, Sendable {
    let method: String
    let name: String

    var testDescription: String { "\(method)/\(name)" }

    static let folder = repositoryRoot + "/Tests/golden"

    static let all: [GoldenCase] = listFolder(folder).flatMap { method in
        listFolder(folder + "/" + method)
            .filter { $0.hasSuffix(".request.json") }
            .map { GoldenCase(method: method, name: String($0.dropLast(".request.json".count))) }
    }

    var path: String { Self.folder + "/" + method + "/" + name }
}

@Suite("Golden wire files")
struct GoldenTests {
    @Test("every method has golden files")
    func everyMethodCovered() {
        let covered = Set(GoldenCase.all.map(\.method))
        for method in Wire.methodNames {
            #expect(covered.contains(method), "no golden files for \(method)")
        }
        #expect(covered.isSubset(of: Set(Wire.methodNames)), "golden folder for an unknown method")
    }

    @Test("the response is byte-for-byte the golden one", arguments: GoldenCase.all)
    func response(golden: GoldenCase) throws {
        let request = try #require(readFile(golden.path + ".request.json"))
        var expected = try #require(readFile(golden.path + ".response.json"))
        while expected.last == UInt8(ascii: "\n") { expected.removeLast() }
        let actual = Wire.call(method: golden.method, request: request)
        #expect(String(decoding: actual, as: UTF8.self) == String(decoding: expected, as: UTF8.self))
    }
}
