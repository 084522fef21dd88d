import Testing
import TestFiles
@testable import TournamentCoreWire

private let suiteFolder = repositoryRoot + "/Tests/data/JSONTestSuite/test_parsing"
private let files = listFolder(suiteFolder)

/// JSONTestSuite's parsing files as requests: what the envelope answers (the reader's own
/// verdicts are checked by the JSON module's tests).
@Suite("JSONTestSuite: the envelope")
struct JSONTestSuiteEnvelopeTests {
    @Test("every n_ file is INVALID_JSON", arguments: files.filter { $0.hasPrefix("n_") })
    func rejectsInvalid(name: String) throws {
        let text = try #require(readFile(suiteFolder + "/" + name))
        #expect(responseCode(Wire.call(method: "library.info", request: text)) == "INVALID_JSON")
    }

    @Test("each i_ file answers INVALID_JSON or ok, never anything else", arguments: files.filter { $0.hasPrefix("i_") })
    func implementationDefined(name: String) throws {
        let text = try #require(readFile(suiteFolder + "/" + name))
        let code = responseCode(Wire.call(method: "library.info", request: text))
        #expect(code == "INVALID_JSON" || code == "ok")
    }

    @Test("y_ files whose top level is an object answer ok; other top levels are INVALID_JSON")
    func topLevelMustBeAnObject() throws {
        for name in files where name.hasPrefix("y_") {
            let text = try #require(readFile(suiteFolder + "/" + name))
            let first = text.first { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }
            let expected = first == UInt8(ascii: "{") ? "ok" : "INVALID_JSON"
            #expect(responseCode(Wire.call(method: "library.info", request: text)) == expected, "\(name)")
        }
    }
}
