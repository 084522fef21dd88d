import Testing
@testable import TournamentCore

@Suite("FoldedText")
struct FoldedTextTests {
    @Test("a name's sort keys: folded ignoring diacritics, then keeping them; both case-insensitive")
    func sortKeysOfNames() {
        let accented = FoldedText.sortKeys(of: "Élan Straße")
        #expect(accented.ignoringDiacritics == FoldedText("elan strasse"))
        #expect(accented.keepingDiacritics == FoldedText("élan strasse", keepingDiacritics: true))
        #expect(accented.keepingDiacritics != accented.ignoringDiacritics)
        let ascii = FoldedText.sortKeys(of: "Hoyt XT-2000")
        #expect(ascii.ignoringDiacritics == FoldedText("hoyt xt-2000"))
        #expect(ascii.keepingDiacritics == ascii.ignoringDiacritics)
    }
}
