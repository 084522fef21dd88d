import Testing
import TestFiles
@_spi(Wire) import TournamentCore

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

    @Test("texts of the names' lengths, of their letters in either case and the bytes around the letter ranges, parse as uppercasing them decides")
    func nameLengthsParseAsUppercased() {
        let alphabet = Array("OPENINPROGRESSCOMPLETEDCANCELLEDopeninprogresscompletedcancelled_@[`{ 1".utf8) + [0x7F, 0xC3, 0xA9]  // DEL is "_" with 0x20 set
        var generator = SeededGenerator()
        for _ in 0..<20_000 {
            let name = TournamentStatus.allCases.randomElement(using: &generator)?.rawValue ?? "OPEN"
            // A name with some bytes changed, or bytes at random, of a name's length.
            var bytes = Array(name.utf8)
            for index in bytes.indices where Int.random(in: 0..<6, using: &generator) == 0 {
                bytes[index] = alphabet.randomElement(using: &generator) ?? 0x41
            }
            let text = String(decoding: bytes, as: UTF8.self)
            let expected = TournamentStatus.allCases.first { $0.rawValue == text.uppercased() } ?? .open
            #expect(bytes.withUnsafeBufferPointer(TournamentStatus.init(parsingUTF8:)) == expected, "seed \(generator.seed): \(text)")
        }
    }

    @Test("raw values are the stored spellings")
    func rawValues() {
        #expect(TournamentStatus.allCases.map(\.rawValue) == ["OPEN", "IN_PROGRESS", "COMPLETED", "CANCELLED"])
    }
}
