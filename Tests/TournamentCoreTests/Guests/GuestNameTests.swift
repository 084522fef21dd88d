import Testing
import TournamentCore

@Suite("GuestName")
struct GuestNameTests {
    @Test("names are trimmed of white space and newlines", arguments: [
        ("  Robin Hood ", "Robin Hood"), ("\n\tMarian\r\n", "Marian"), ("\u{3000}Kenji\u{A0}", "Kenji"), ("Will  Scarlet", "Will  Scarlet"),
        (" \u{2003}Tuck \u{A0} ", "Tuck"), ("Much\u{85}", "Much"), ("\u{0B}Éloïse\u{0C}", "Éloïse"), (" \u{301}x ", "\u{301}x"),
    ])
    func trimming(input: String, expected: String) throws {
        #expect(try GuestName.validated(input) == expected)
    }

    @Test("an empty name is refused", arguments: ["", " ", "\n\t ", "\u{2003}\u{85}"])
    func empty(input: String) {
        #expect(throws: GuestError.invalidGuestName(.empty)) { try GuestName.validated(input) }
        #expect(GuestError.invalidGuestName(.empty).message == "Please enter a guest name.")
        #expect(GuestError.invalidGuestName(.empty).code == "INVALID_GUEST_NAME")
    }

    @Test("50 user-perceived characters pass, 51 do not; a family emoji is one character")
    func length() throws {
        let family = "👨‍👩‍👧"
        #expect(try GuestName.validated(String(repeating: "a", count: 50)).count == 50)
        #expect(try GuestName.validated(String(repeating: family, count: 50)) == String(repeating: family, count: 50))
        #expect(try GuestName.validated(String(repeating: "e\u{301}", count: 50)).unicodeScalars.count == 100)
        #expect(throws: GuestError.invalidGuestName(.tooLong)) { try GuestName.validated(String(repeating: "a", count: 51)) }
        #expect(throws: GuestError.invalidGuestName(.tooLong)) { try GuestName.validated(String(repeating: family, count: 51)) }
        #expect(GuestError.invalidGuestName(.tooLong).message == "Name must be 50 characters or fewer")
        // Trimming happens first: 50 characters with surrounding spaces pass.
        #expect(try GuestName.validated("  " + String(repeating: "b", count: 50) + "  ").count == 50)
    }

    @Test("control and line-breaking characters are refused", arguments: [
        "Robin\tHood", "Robin\nHood", "Rob\u{0}in", "Rob\u{7F}in", "Rob\u{1B}[31min", "Rob\u{9B}in", "Robin\u{2028}Hood", "Robin\u{2029}Hood",
    ])
    func controlCharacters(input: String) {
        #expect(throws: GuestError.invalidGuestName(.invalidCharacters)) { try GuestName.validated(input) }
        #expect(GuestError.invalidGuestName(.invalidCharacters).message == "Name contains invalid characters.")
    }

    @Test("format characters that belong to text are kept", arguments: ["👨‍👩‍👧 Family", "Zoë", "مريم", "a\u{200D}b", "李小龍"])
    func acceptedCharacters(input: String) throws {
        #expect(try GuestName.validated(input) == input)
    }

    @Test("length is checked before characters")
    func lengthBeforeCharacters() {
        #expect(throws: GuestError.invalidGuestName(.tooLong)) { try GuestName.validated(String(repeating: "\t", count: 10) + "x" + String(repeating: "\u{0}", count: 60)) }
    }
}
