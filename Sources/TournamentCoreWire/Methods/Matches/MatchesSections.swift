import TournamentCore
import TournamentCoreJSON

/// `matches.sections`: fixtures grouped into date sections in a time zone (``MatchSchedule``).
enum MatchesSectionsMethod: WireMethod {
    private typealias Field = Members.MatchesSectionsRequest

    static func respond(to request: Int, in document: JSONDocument, into writer: inout JSONWriter) throws(WireError) {
        let fields = try ObjectFields<Field>(document, request)
        let matches = try MatchCoding.matches(fields, .matches)
        let favorites = try MatchCoding.records(fields, .favorites).map { $0.0 }
        var segment = MatchSegment.all
        if let node = fields.value(.segment) {
            guard let given = MatchSegment(rawValue: try document.string(at: node)) else {
                throw .invalid("Expected \"all\" or \"favorites\", found \(document.quote(node)).", at: node)
            }
            segment = given
        }
        var timeZone = IANATimeZone.utc
        if let node = fields.value(.timeZone) {
            let name = try document.string(at: node)
            guard let zone = IANATimeZone(identifier: name) else {
                throw .invalid("Unknown time zone \(document.quote(node)); expected an IANA name such as \"Europe/London\".", at: node)
            }
            timeZone = zone
        }
        let schedule = MatchSchedule(matches: matches, favorites: favorites, segment: segment, timeZone: timeZone)

        writer.beginObject()
        writer.field("segment", text: schedule.segment.rawValue)
        writer.key("sections")
        writer.beginArray()
        for section in schedule.sections {
            writer.beginObject()
            writer.field("title", text: section.title)
            if let date = section.date { writer.field("date", text: date.isoText) }
            writer.key("matches")
            writer.beginArray()
            for view in section.matches { write(view, into: &writer) }
            writer.endArray()
            writer.endObject()
        }
        writer.endArray()
        writer.object("counts") { counts in
            counts.field("all", schedule.allCount)
            counts.field("favorites", schedule.favoritesCount)
        }
        writer.endObject()
    }

    /// A match view; crests, `utcDate` and `matchday` are omitted when unknown.
    private static func write(_ view: MatchView, into writer: inout JSONWriter) {
        writer.beginObject()
        writer.field("id", view.id)
        writer.field("homeTeam", text: view.homeTeam)
        writer.field("awayTeam", text: view.awayTeam)
        if let crest = view.homeCrest { writer.field("homeCrest", text: crest) }
        if let crest = view.awayCrest { writer.field("awayCrest", text: crest) }
        if let date = view.utcDate { writer.field("utcDate", text: date) }
        if let matchday = view.matchday { writer.field("matchday", matchday) }
        writer.field("played", view.played)
        writer.field("statusText", text: view.statusText)
        writer.field("timeZoneLabel", text: view.timeZoneLabel)
        writer.field("dateText", text: view.dateText)
        writer.field("isFavorite", view.isFavorite)
        writer.endObject()
    }
}
