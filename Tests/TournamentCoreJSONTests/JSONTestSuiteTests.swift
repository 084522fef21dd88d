import Testing
import TestFiles
@testable import TournamentCoreJSON

private let suiteFolder = repositoryRoot + "/Tests/data/JSONTestSuite/test_parsing"
private let files = listFolder(suiteFolder)

/// The reader against JSONTestSuite's parsing files (how the envelope reports them is
/// checked by the wire layer's tests).
@Suite("JSONTestSuite: the reader")
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

    @Test("every n_ file is rejected", arguments: files.filter { $0.hasPrefix("n_") })
    func rejectsInvalid(name: String) throws {
        let text = try #require(readFile(suiteFolder + "/" + name))
        if case .success = parse(text) {
            Issue.record("accepted")
        }
    }

    /// The implementation-defined cases, decided: syntactically valid numbers are accepted (a
    /// method that needs the value reports it out of range); anything that is not valid UTF-8 or
    /// not valid Unicode (unpaired surrogate escapes) is rejected; a byte order mark is
    /// rejected; 500 levels of nesting exceed the depth limit.
    @Test("each i_ file gets the documented decision", arguments: files.filter { $0.hasPrefix("i_") })
    func implementationDefined(name: String) throws {
        let text = try #require(readFile(suiteFolder + "/" + name))
        let accepted = if case .success = parse(text) { true } else { false }
        #expect(accepted == name.hasPrefix("i_number_"), "\(name): accepted = \(accepted)")
    }
}
