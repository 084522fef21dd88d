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
        self = Self.allCases.first { $0.rawValue == Self.uppercased(text) } ?? .open
    }

    private static func uppercased(_ text: String) -> String {
        var ascii = true
        for byte in text.utf8 where byte >= 0x80 {
            ascii = false
            break
        }
        guard ascii else { return text.uppercased() }
        return String(decoding: text.utf8.map { (0x61...0x7A).contains($0) ? $0 - 0x20 : $0 }, as: UTF8.self)
    }
}
