/// A time zone of the IANA database (`Europe/London`, `America/New_York`, `UTC`...), from the
/// rules embedded in the library (``TimeZoneDatabase``).
public struct IANATimeZone: Sendable, Hashable {
    /// The name it was found by.
    public let identifier: String
    private let rules: TimeZoneDatabase.ZoneRules

    /// The zone named `identifier` (case-sensitive, links such as `US/Eastern` included), or nil
    /// when the database has no such zone.
    public init?(identifier: String) {
        guard let rules = TimeZoneDatabase.rules(for: identifier) else { return nil }
        self.identifier = identifier
        self.rules = rules
    }

    /// UTC: the database's zone of that name (no offset, no transitions), without decoding the
    /// database.
    public static let utc = IANATimeZone(fixed: "UTC")

    private init(fixed identifier: String) {
        self.identifier = identifier
        rules = TimeZoneDatabase.ZoneRules(initialOffset: 0, transitionTimes: [], transitionOffsets: [], rule: nil)
    }

    /// The offset from UTC, in seconds east, in force at `instant` (seconds since the epoch).
    public func secondsFromUTC(at instant: Int64) -> Int {
        let times = rules.transitionTimes
        guard let first = times.first, instant >= first else {
            // Before the recorded history: the zone's first offset (or its rule, if it has no history).
            return times.isEmpty ? (rules.rule?.offset(at: instant) ?? rules.initialOffset) : rules.initialOffset
        }
        // The last transition at or before the instant.
        var low = 0
        var high = times.count
        while high - low > 1 {
            let middle = (low + high) / 2
            if times[middle] <= instant { low = middle } else { high = middle }
        }
        if low == times.count - 1, instant > times[low], let rule = rules.rule {
            return rule.offset(at: instant)
        }
        return rules.transitionOffsets[low]
    }
}
