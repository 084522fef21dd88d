/// Which list the fixtures screen shows.
public enum MatchSegment: String, Sendable, Hashable, CaseIterable {
    /// All matches.
    case all
    /// The stored favourites.
    case favorites
}

/// What a fixtures row shows for one match.
public struct MatchView: Sendable, Hashable, Identifiable {
    public var id: Int64
    /// Team names, `N/A` when unknown.
    public var homeTeam: String
    public var awayTeam: String
    public var homeCrest: String?
    public var awayCrest: String?
    public var utcDate: String?
    public var matchday: Int?
    /// Whether the winner is known.
    public var played: Bool
    /// Played: the full-time score `home-away` (an unknown side is 0). Not played: `Postponed`,
    /// `Suspended` or `Cancelled` for a match of that status (a kick-off time that will not
    /// happen is not shown), otherwise the kick-off `HH:mm` in the zone; empty when the kick-off
    /// is unknown.
    public var statusText: String
    /// The zone's name beside a kick-off time; empty otherwise (played, called off, kick-off
    /// unknown).
    public var timeZoneLabel: String
    /// `MM/dd` of the kick-off in the zone; empty when unknown.
    public var dateText: String
    public var isFavorite: Bool
}

/// A group of matches on one calendar date of the zone.
public struct MatchSection: Sendable, Hashable {
    /// `MM/dd/yyyy`, or `Unknown` for matches without a readable kick-off.
    public var title: String
    /// The local date; nil for the `Unknown` section.
    public var date: CivilDate?
    /// By kick-off, then ID.
    public var matches: [MatchView]
}

/// The fixtures screen: matches grouped by local date.
public struct MatchSchedule: Sendable, Hashable {
    public var segment: MatchSegment
    /// Ascending by date; the `Unknown` section, if any, last.
    public var sections: [MatchSection]
    /// How many matches and favourites there are.
    public var allCount: Int
    public var favoritesCount: Int

    /// Groups `matches` (segment `all`) or `favorites` (segment `favorites`) by the calendar
    /// date of their kick-off in `timeZone`, daylight saving time included
    /// (``MatchArrangement``).
    public init(matches: [FootballMatch], favorites: [FavoriteMatch], segment: MatchSegment = .all, timeZone: IANATimeZone = .utc) {
        self.segment = segment
        allCount = matches.count
        favoritesCount = favorites.count
        let (source, facts, arrangement) = MatchArrangement.arranging(
            segment, matches: matches, favorites: favorites.map { $0.match }, timeZone: timeZone,
            id: { $0.id }, facts: { $0.facts(isFavorite: $1) })
        sections = arrangement.sections.map { section in
            let dateText = arrangement.packedDateText(in: section).string
            return MatchSection(title: section.title, date: section.date, matches: arrangement.entries[section.entries].map { entry in
                let match = source[entry.index]
                let facts = facts[entry.index]
                return MatchView(
                    id: match.id, homeTeam: match.homeTeam.displayName, awayTeam: match.awayTeam.displayName,
                    homeCrest: match.homeTeam.crest, awayCrest: match.awayTeam.crest, utcDate: match.utcDate, matchday: match.matchday,
                    played: match.isPlayed, statusText: arrangement.statusText(of: entry, facts),
                    timeZoneLabel: arrangement.timeZoneLabel(of: entry, facts), dateText: dateText,
                    isFavorite: facts.isFavorite)
            })
        }
    }
}

/// An instant seen on a zone's wall clock: one word, which its day, hour and minute are read
/// from when asked.
struct LocalTime {
    /// Seconds since the epoch on the wall clock (the UTC instant plus the zone's offset then).
    let seconds: Int64

    init(utcMilliseconds: Int64, in offsets: inout ZoneOffsets) {
        let utcSeconds = POSIXTimeZoneRule.floorDivide(utcMilliseconds, 1000)
        seconds = utcSeconds + Int64(offsets.secondsFromUTC(at: utcSeconds))
    }

    /// Days since the epoch of the local date.
    var day: Int64 { POSIXTimeZoneRule.floorDivide(seconds, 86_400) }

    private var secondOfDay: Int { Int(seconds - day * 86_400) }

    var hour: Int { secondOfDay / 3600 }

    var minute: Int { secondOfDay % 3600 / 60 }
}

/// The fixed date formats of the fixtures screen (no locale), each built in registers
/// (``PackedText``): a writer stores them where they go, a `String` of one is inline (no
/// allocation).
enum Format {
    /// `HH:mm`.
    static func time(hour: Int, minute: Int) -> PackedText {
        joined(UInt8(ascii: ":"), (hour, 2), (minute, 2))
    }

    /// `MM/dd`.
    static func monthDay(_ date: CivilDate) -> PackedText {
        joined(UInt8(ascii: "/"), (date.month, 2), (date.day, 2))
    }

    /// `MM/dd/yyyy`; a year has at least four digits (`0987`, `-0001`).
    static func monthDayYear(_ date: CivilDate) -> PackedText {
        joined(UInt8(ascii: "/"), (date.month, 2), (date.day, 2), (date.year, 4))
    }

    /// `yyyy-MM-dd`.
    static func isoDate(_ date: CivilDate) -> PackedText {
        joined(UInt8(ascii: "-"), (date.year, 4), (date.month, 2), (date.day, 2))
    }

    /// `home-away`, the goals of a played match.
    static func score(home: Int, away: Int) -> PackedText {
        joined(UInt8(ascii: "-"), (home, 1), (away, 1))
    }

    /// Two or three numbers, each zero-padded to its digit count, between `separator`s.
    private static func joined(_ separator: UInt8, _ first: (value: Int, digits: Int), _ second: (value: Int, digits: Int), _ third: (value: Int, digits: Int)? = nil) -> PackedText {
        var text = PackedText()
        text.append(first.value, digits: first.digits)
        text.append(separator)
        text.append(second.value, digits: second.digits)
        if let third {
            text.append(separator)
            text.append(third.value, digits: third.digits)
        }
        return text
    }
}

extension CivilDate {
    /// `yyyy-MM-dd`.
    public var isoText: String { Format.isoDate(self).string }

    /// ``isoText``, as a writer stores it.
    @_spi(Wire) public var isoPackedText: PackedText { Format.isoDate(self) }
}
