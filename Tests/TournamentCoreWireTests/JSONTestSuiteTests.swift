import Testing
@testable import TournamentCoreWire

private let suiteFolder = repositoryRoot + "/Tests/data/JSONTestSuite/test_parsing"
private let files = listFolder(suiteFolder)

@Suite("JSONTestSuite")
struct JSONTestSuiteTests {
    @Test("the suite is present")
    func suiteIsPresent() {
        #expect(files.count == 318, "expected the 318 files of JSONTestSuite in \(suiteFolder)")
    }

    @Test("every y_ file is accepted", arguments: files.filter { $0.hasPrefix("y_") })
    func acceptsValid(name: String) throws {
        let text = try #require(readFile(suiteFolder + "/" + name))
        if case .failure(let error) = parse(text) {
            Issue.record("rejected: \(error.message)")
        }
    }

    @Test("every n_ file is rejected, through the envelope as INVALID_JSON", arguments: files.filter { $0.hasPrefix("n_") })
    func rejectsInvalid(name: String) throws {
        let text = try #require(readFile(suiteFolder + "/" + name))
        if case .success = parse(text) {
            Issue.record("accepted")
        }
        #expect(responseCode(Wire.call(method: "library.info", request: text)) == "INVALID_JSON")
    }

    /// The implementation-defined cases, decided: syntactically valid numbers are accepted (a
    /// method that needs the value reports it out of range); anything that is not valid UTF-8 or
    /// not valid Unicode (unpaired surrogate escapes) is rejected; a byte order mark is
    /// rejected; 500 levels of nesting exceed the depth limit.
    @Test("each i_ file gets the documented decision and never crashes", arguments: files.filter { $0.hasPrefix("i_") })
    func implementationDefined(name: String) throws {
        let text = try #require(readFile(suiteFolder + "/" + name))
        let accepted = if case .success = parse(text) { true } else { false }
        #expect(accepted == name.hasPrefix("i_number_"), "\(name): accepted = \(accepted)")
        let code = responseCode(Wire.call(method: "library.info", request: text))
        #expect(code == "INVALID_JSON" || code == "ok")
    }

    @Test("y_ files whose top level is an object answer ok; other top levels are INVALID_JSON")
    func topLevelMustBeAnObject() throws {
        for name in files where name.hasPrefix("y_") {
            let text = try #require(readFile(suiteFolder + "/" + name))
            guard case .success(let nodes) = parse(text) else { continue }
            let expected = nodes.first?.kind == .object ? "ok" : "INVALID_JSON"
            #expect(responseCode(Wire.call(method: "library.info", request: text)) == expected, "\(name)")
        }
    }
}
