@_spi(Wire) import TournamentCore
import TournamentCoreJSON

/// `matches.sections`: fixtures grouped into date sections in a time zone (``MatchSchedule``'s
/// rules: ``MatchArrangement``), each match's texts written from the request as they are.
enum MatchesSectionsMethod: WireMethod {
    static func respond(to request: Int, in document: JSONDocument, into writer: inout JSONWriter) throws(WireError) {
        var reader = DocumentReader(document, at: request)
        let request = try Requests.MatchesSectionsRequest<Int>.read(&reader)
        let matches = (request.matches ?? []).map(MatchRow.init)
        let favorites = (request.favorites ?? []).map(MatchRow.init)
        let segment: MatchSegment =
            switch request.segment {
            case nil, .all: .all
            case .favorites: .favorites
            }
        var timeZone = IANATimeZone.utc
        if let node = request.timeZone {
            guard let zone = IANATimeZone(identifier: document.string(node)) else {
                throw .invalid("Unknown time zone \(document.quote(node)); expected an IANA name such as \"Europe/London\".", at: node)
            }
            timeZone = zone
        }
        let (rows, facts, arrangement) = MatchArrangement.arranging(
            segment, matches: matches, favorites: favorites, timeZone: timeZone,
            id: { $0.id }, facts: { $0.facts(in: document, isFavorite: $1) })

        writer.beginObject()
        writer.field("segment", text: segment.rawValue)
        writer.key("sections")
        writer.beginArray()
        for section in arrangement.sections {
            writer.beginObject()
            writer.field("title", text: section.title)
            if let date = section.date { writer.field("date", text: date.isoText) }
            writer.key("matches")
            writer.beginArray()
            for entry in arrangement.entries[section.entries] {
                write(rows[entry.index], facts[entry.index], entry, of: arrangement, from: document, into: &writer)
            }
            writer.endArray()
            writer.endObject()
        }
        writer.endArray()
        writer.object("counts") { counts in
            counts.field("all", matches.count)
            counts.field("favorites", favorites.count)
        }
        writer.endObject()
    }

    /// A match's row, as ``MatchView`` shows it; crests, `utcDate` and `matchday` are omitted
    /// when unknown, team names are ``FootballMatch/Team/unknownName``.
    private static func write(
        _ row: MatchRow, _ facts: MatchFacts, _ entry: MatchArrangement.Entry, of arrangement: MatchArrangement,
        from document: JSONDocument, into writer: inout JSONWriter
    ) {
        writer.beginObject()
        writer.field("id", row.id)
        writer.field("homeTeam", textOf: row.homeName, in: document, orElse: FootballMatch.Team.unknownName)
        writer.field("awayTeam", textOf: row.awayName, in: document, orElse: FootballMatch.Team.unknownName)
        writer.field("homeCrest", textOf: row.homeCrest, in: document)
        writer.field("awayCrest", textOf: row.awayCrest, in: document)
        writer.field("utcDate", textOf: row.utcDate, in: document)
        if let matchday = row.matchday { writer.field("matchday", matchday) }
        writer.field("played", facts.result != nil)
        writer.field("statusText", text: arrangement.statusText(of: entry, facts))
        writer.field("timeZoneLabel", text: arrangement.timeZoneLabel(of: entry, facts))
        writer.field("dateText", text: arrangement.dateText(of: entry))
        writer.field("isFavorite", facts.isFavorite)
        writer.endObject()
    }
}
