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
    public init(parsingUTF8 bytes: UnsafeBufferPointer<UInt8>) {
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

    /// The status whose name equals `bytes` ignoring ASCII case.
    private static func matching(_ bytes: UnsafeBufferPointer<UInt8>) -> TournamentStatus? {
        func equals(_ name: StaticString) -> Bool {
            guard name.utf8CodeUnitCount == bytes.count else { return false }
            for index in 0..<bytes.count {
                let byte = bytes[index]
                if name.utf8Start[index] != (byte &- 0x61 < 26 ? byte &- 0x20 : byte) { return false }
            }
            return true
        }
        switch bytes.count {  // the names' lengths tell them apart but for two of nine bytes
        case 4: return equals("OPEN") ? .open : nil
        case 11: return equals("IN_PROGRESS") ? .inProgress : nil
        case 9: return equals("COMPLETED") ? .completed : equals("CANCELLED") ? .cancelled : nil
        default: return nil
        }
    }
}
