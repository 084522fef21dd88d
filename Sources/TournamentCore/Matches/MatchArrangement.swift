/// What the fixtures screen needs to know of a match to place it and to write the texts of its
/// row: everything else a row shows (names, crests, the kick-off as given) is the match's own.
public struct MatchFacts: Sendable {
    public var id: Int64
    /// The kick-off in milliseconds since the epoch; nil when unknown or not an RFC 3339
    /// date-time (``UTCDate``).
    public var kickoff: Int64?
    /// The full-time score when the match has been played (an unknown side is 0); nil otherwise.
    public var result: (home: Int, away: Int)?
    /// `Postponed`, `Suspended` or `Cancelled` (``FootballMatch/calledOffText``); nil otherwise.
    public var calledOffText: String?
    public var isFavorite: Bool

    /// Creates the facts of a match.
    public init(id: Int64, kickoff: Int64?, result: (home: Int, away: Int)?, calledOffText: String?, isFavorite: Bool) {
        self.id = id
        self.kickoff = kickoff
        self.result = result
        self.calledOffText = calledOffText
        self.isFavorite = isFavorite
    }
}

/// The fixtures screen's order: matches grouped by the calendar date of their kick-off in a
/// zone, daylight saving time included, each group by kick-off then ID; the matches without a
/// readable kick-off last, by ID. ``MatchSchedule`` is built on it; a writer that keeps the
/// matches' texts where they are (a request's bytes) reads it directly, with no text made per
/// match.
///
/// Its allocations are as many whatever the number of matches or dates (its arrays, each made
/// at its size).
public struct MatchArrangement: Sendable {
    /// A match in its place: its index in the facts given, and its kick-off on the zone's wall
    /// clock (nil when unknown).
    ///
    /// Small (the local time is one word, its date and time read from it when written), as
    /// entries are sorted and copied once per match.
    public struct Entry: Sendable {
        /// Where the match is in the facts the arrangement was made of.
        public let index: Int
        let local: LocalTime?
    }

    /// A group of matches on one calendar date of the zone (or the group of unknown kick-offs).
    public struct Section: Sendable {
        /// The local date; nil for the `Unknown` section.
        public let date: CivilDate?
        /// Its matches' places in ``entries``.
        public let entries: Range<Int>

        /// `MM/dd/yyyy`, or `Unknown` for matches without a readable kick-off.
        public var title: String {
            date.map { Format.monthDayYear($0).string } ?? "Unknown"
        }

        /// ``title``, as a writer stores it.
        @_spi(Wire) public var packedTitle: PackedText {
            date.map(Format.monthDayYear) ?? PackedText("Unknown")
        }
    }

    /// Every match, in the screen's order.
    public let entries: [Entry]
    /// Ascending by date; the `Unknown` section, if any, last.
    public let sections: [Section]
    /// The zone the kick-offs are shown in.
    public let timeZone: IANATimeZone

    /// What `segment` shows, arranged in `timeZone`: `matches` (segment `all`) or `favorites`,
    /// each row's facts (a favourite when one of `favorites` has its ID) and their arrangement.
    /// Generic over the row, so that ``MatchSchedule`` (``FootballMatch``es) and a writer
    /// reading a request's bytes share the rule.
    public static func arranging<Row>(
        _ segment: MatchSegment, matches: [Row], favorites: [Row], timeZone: IANATimeZone,
        id: (Row) -> Int64, facts: (_ row: Row, _ isFavorite: Bool) -> MatchFacts
    ) -> (rows: [Row], facts: [MatchFacts], arrangement: MatchArrangement) {
        let favoriteIds = Set(favorites.lazy.map(id))
        let rows = segment == .all ? matches : favorites
        let rowFacts = rows.map { facts($0, favoriteIds.contains(id($0))) }
        return (rows, rowFacts, MatchArrangement(rowFacts, timeZone: timeZone))
    }

    /// Arranges `matches` in `timeZone`.
    public init(_ matches: [MatchFacts], timeZone: IANATimeZone = .utc) {
        self.timeZone = timeZone
        // Sorted by (local day, kick-off, ID), the unknown kick-offs by ID after them; then cut
        // into runs of one day.
        var dated: [(day: Int64, kickoff: Int64, id: Int64, entry: Entry)] = []
        dated.reserveCapacity(matches.count)
        var unknown: [(id: Int64, entry: Entry)] = []
        var offsets = ZoneOffsets(timeZone)
        for (index, match) in matches.enumerated() {
            guard let kickoff = match.kickoff else {
                unknown.append((match.id, Entry(index: index, local: nil)))
                continue
            }
            let local = LocalTime(utcMilliseconds: kickoff, in: &offsets)
            dated.append((local.day, kickoff, match.id, Entry(index: index, local: local)))
        }
        dated.stableSort { ($0.day, $0.kickoff, $0.id) < ($1.day, $1.kickoff, $1.id) }
        unknown.stableSort { $0.id < $1.id }
        var days = 0
        for position in dated.indices where position == 0 || dated[position].day != dated[position - 1].day { days += 1 }
        var sections: [Section] = []
        sections.reserveCapacity(days + (unknown.isEmpty ? 0 : 1))
        var start = 0
        while start < dated.count {
            var end = start + 1
            while end < dated.count && dated[end].day == dated[start].day { end += 1 }
            let date = CivilDate(daysSinceEpoch: dated[start].day)
            sections.append(Section(date: date, entries: start..<end))
            start = end
        }
        if !unknown.isEmpty {
            sections.append(Section(date: nil, entries: dated.count..<dated.count + unknown.count))
        }
        var entries: [Entry] = []
        entries.reserveCapacity(dated.count + unknown.count)
        for match in dated { entries.append(match.entry) }
        for match in unknown { entries.append(match.entry) }
        self.entries = entries
        self.sections = sections
    }

    /// The row's status: the full-time score `home-away` of a played match; `Postponed`,
    /// `Suspended` or `Cancelled` for a match called off (a kick-off time that will not happen is
    /// not shown); otherwise the kick-off `HH:mm` in the zone; empty when the kick-off is unknown.
    public func statusText(of entry: Entry, _ match: MatchFacts) -> String {
        packedStatusText(of: entry, match)?.string ?? match.calledOffText ?? ""
    }

    /// ``statusText(of:_:)``, as a writer stores it; nil for a match called off (and not played),
    /// whose text is its ``MatchFacts/calledOffText``.
    @_spi(Wire) public func packedStatusText(of entry: Entry, _ match: MatchFacts) -> PackedText? {
        if let result = match.result { return Format.score(home: result.home, away: result.away) }
        if match.calledOffText != nil { return nil }
        guard let local = entry.local else { return PackedText() }
        return Format.time(hour: local.hour, minute: local.minute)
    }

    /// The zone's name beside a kick-off time; empty otherwise (played, called off, kick-off
    /// unknown).
    public func timeZoneLabel(of entry: Entry, _ match: MatchFacts) -> String {
        match.result == nil && match.calledOffText == nil && entry.local != nil ? timeZone.identifier : ""
    }

    /// `MM/dd` of the kick-off in the zone; empty when unknown.
    public func dateText(of entry: Entry) -> String {
        entry.local.map { Format.monthDay(CivilDate(daysSinceEpoch: $0.day)).string } ?? ""
    }

    /// The ``dateText(of:)`` of every match in `section` (they share the local date): `MM/dd`,
    /// empty for the `Unknown` section. Made once per section rather than per match.
    @_spi(Wire) public func packedDateText(in section: Section) -> PackedText {
        section.date.map(Format.monthDay) ?? PackedText()
    }
}
