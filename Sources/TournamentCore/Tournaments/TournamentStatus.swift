/// The life-cycle state of a tournament.
///
/// Stored documents spell the status in any case (`"open"`, `"In_Progress"`);
/// ``init(parsing:)`` reads them the way every client of the app always has.
public enum TournamentStatus: String, Sendable, Hashable, CaseIterable {
    /// Accepting participants.
    case open = "OPEN"
    /// Being shot; guests may be added.
    case inProgress = "IN_PROGRESS"
    /// Finished.
    case completed = "COMPLETED"
    /// Called off. Listed under neither Active nor Completed.
    case cancelled = "CANCELLED"

    /// Reads a stored status case-insensitively.
    ///
    /// Any string that is not one of the four names, in any case, is ``open``
    /// (the rule of the apps' shared parser). Case folding is Unicode's full
    /// uppercase mapping, as `String.uppercased()` and Kotlin's `uppercase()`
    /// apply it, so all platforms agree even on unusual input.
    public init(parsing text: String) {
        var text = text
        self = text.withUTF8 { Self(parsingUTF8: $0) }
    }

    /// Reads a stored status given as UTF-8 bytes, as ``init(parsing:)`` reads its text (for
    /// callers that hold bytes, such as a JSON reader: no `String` is made for ASCII).
    @_spi(Wire) public init(parsingUTF8 bytes: UnsafeBufferPointer<UInt8>) {
        // Compared in place first, without allocating: a name equal ignoring ASCII case is
        // ASCII, and so is every stored status in practice.
        if let status = Self.matching(bytes) {
            self = status
            return
        }
        // Other ASCII text is no name; other text may become one uppercased (`ı` is `I`).
        if bytes.allSatisfy({ $0 < 0x80 }) {
            self = .open
            return
        }
        let upper = String(decoding: bytes, as: UTF8.self).uppercased()
        self = Self.allCases.first { $0.rawValue == upper } ?? .open
    }

    /// The status whose name equals `bytes` ignoring ASCII case: the bytes uppercased a word at
    /// a time and compared with the names' words (two overlapping words for the longer names).
    /// Nil for any other text, ASCII or not.
    private static func matching(_ bytes: UnsafeBufferPointer<UInt8>) -> TournamentStatus? {
        guard let start = bytes.baseAddress else { return nil }
        let raw = UnsafeRawPointer(start)
        switch bytes.count {  // the names' lengths tell them apart but for two of nine bytes
        case 4:
            let word = upper(UInt64(UInt32(littleEndian: raw.loadUnaligned(as: UInt32.self))))
            return word == name("OPEN") ? .open : nil
        case 9, 11:
            let head = upper(UInt64(littleEndian: raw.loadUnaligned(as: UInt64.self)))
            let tail = upper(UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: bytes.count - 8, as: UInt64.self)))
            if bytes.count == 11 {
                return head == name("IN_PROGR") && tail == name("PROGRESS") ? .inProgress : nil
            }
            if head == name("COMPLETE") && tail == name("OMPLETED") { return .completed }
            return head == name("CANCELLE") && tail == name("ANCELLED") ? .cancelled : nil
        default:
            return nil
        }
    }

    /// The bytes of `word` (little-endian) with ASCII lower-case letters made upper case; a
    /// byte from 0x80 up leaves a high bit set, which no name has. (No sum carries out of a
    /// byte below 0x80: a byte is lower case when adding 0x1F reaches 0x80, it is at least
    /// "a", and adding 0x05 does not, it is at most "z"; that bit moved to 0x20 is cleared.)
    private static func upper(_ word: UInt64) -> UInt64 {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let high = ones &* 0x80
        let ascii = word & ~high
        let lower = (ascii &+ ones &* 0x1F) & ~(ascii &+ ones &* 0x05) & high
        return word & ~(lower >> 2)
    }

    /// The first (up to eight) bytes of `text` as a little-endian word.
    private static func name(_ text: StaticString) -> UInt64 {
        var word: UInt64 = 0
        for index in 0..<min(text.utf8CodeUnitCount, 8) { word |= UInt64(text.utf8Start[index]) << UInt64(8 * index) }
        return word
    }
}
