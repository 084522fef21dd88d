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
        // ASCII (every stored status in practice): compare in place, without allocating.
        if bytes.allSatisfy({ $0 < 0x80 }) {
            self = Self.matching(bytes) ?? .open
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
        if equals("OPEN") { return .open }
        if equals("IN_PROGRESS") { return .inProgress }
        if equals("COMPLETED") { return .completed }
        if equals("CANCELLED") { return .cancelled }
        return nil
    }
}
