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
        var transitions: POSIXTimeZoneRule.YearTransitions?
        return secondsFromUTC(at: instant, remembering: &transitions)
    }

    /// ``secondsFromUTC(at:)``, with the zone rule's transitions for the instant's year kept in
    /// `transitions` for the next instant (``ZoneOffsets``).
    func secondsFromUTC(at instant: Int64, remembering transitions: inout POSIXTimeZoneRule.YearTransitions?) -> Int {
        let times = rules.transitionTimes
        guard let first = times.first, instant >= first else {
            // Before the recorded history: the zone's first offset (or its rule, if it has no history).
            return times.isEmpty ? (rules.rule?.offset(at: instant, remembering: &transitions) ?? rules.initialOffset) : rules.initialOffset
        }
        // Past the recorded history (today's instants, mostly): the zone's rule, if it has one.
        if let rule = rules.rule, let last = times.last, instant > last {
            return rule.offset(at: instant, remembering: &transitions)
        }
        // The last transition at or before the instant.
        var low = 0
        var high = times.count
        while high - low > 1 {
            let middle = (low + high) / 2
            if times[middle] <= instant { low = middle } else { high = middle }
        }
        if low == times.count - 1, instant > times[low], let rule = rules.rule {
            return rule.offset(at: instant, remembering: &transitions)
        }
        return rules.transitionOffsets[low]
    }
}

/// One zone's offsets asked for many instants in a row (a fixture list's kick-offs): what
/// ``IANATimeZone/secondsFromUTC(at:)`` answers, with the daylight saving transitions of the
/// last year asked kept, as instants of one season mostly share a year.
struct ZoneOffsets: Sendable {
    let timeZone: IANATimeZone
    private var transitions: POSIXTimeZoneRule.YearTransitions?

    init(_ timeZone: IANATimeZone) {
        self.timeZone = timeZone
    }

    /// The offset from UTC, in seconds east, in force at `instant` (seconds since the epoch).
    mutating func secondsFromUTC(at instant: Int64) -> Int {
        timeZone.secondsFromUTC(at: instant, remembering: &transitions)
    }
}
