import Testing
import TournamentCore

@Suite("TournamentStatus parsing")
struct TournamentStatusTests {
    @Test("the four names parse in any case", arguments: [
        ("OPEN", TournamentStatus.open), ("open", .open), ("Open", .open),
        ("IN_PROGRESS", .inProgress), ("in_progress", .inProgress), ("In_Progress", .inProgress),
        ("COMPLETED", .completed), ("completed", .completed), ("cOmPlEtEd", .completed),
        ("CANCELLED", .cancelled), ("cancelled", .cancelled),
    ])
    func namesParseCaseInsensitively(text: String, expected: TournamentStatus) {
        #expect(TournamentStatus(parsing: text) == expected)
    }

    @Test("any other string is OPEN", arguments: ["", " ", "IN PROGRESS", "CANCELED", "DONE", "OPEN ", "ＯＰＥＮ", "🏹"])
    func unknownIsOpen(text: String) {
        #expect(TournamentStatus(parsing: text) == .open)
    }

    @Test("case folding is Unicode's uppercase mapping, as String.uppercased() in the apps")
    func unicodeCaseFolding() {
        // U+0131 dotless i uppercases to I; U+017F long s uppercases to S.
        #expect(TournamentStatus(parsing: "\u{131}n_progre\u{17F}\u{17F}") == .inProgress)
        #expect(TournamentStatus(parsing: "COMPLETED\u{301}") == .open)
    }

    @Test("bytes parse as the text does", arguments: [
        "OPEN", "in_progress", "cOmPlEtEd", "cancelled", "", "CANCELED", "ＯＰＥＮ", "\u{131}n_progre\u{17F}\u{17F}", "COMPLETED\u{301}",
    ])
    func bytesParseAsText(text: String) {
        let bytes = Array(text.utf8)
        #expect(bytes.withUnsafeBufferPointer(TournamentStatus.init(parsingUTF8:)) == TournamentStatus(parsing: text))
    }

    @Test("raw values are the stored spellings")
    func rawValues() {
        #expect(TournamentStatus.allCases.map(\.rawValue) == ["OPEN", "IN_PROGRESS", "COMPLETED", "CANCELLED"])
    }
}
