@_spi(Wire) import TournamentCore
import TournamentCoreJSON

/// `matches.sections`: fixtures grouped into date sections in a time zone (``MatchSchedule``'s
/// rules: ``MatchArrangement``), each match's texts written from the request as they are.
enum MatchesSectionsMethod: CursorReadingWireMethod {
    static func respond(to request: Int, in document: JSONDocument, into writer: inout JSONWriter) throws(WireError) {
        var reader = DocumentReader(document, at: request)
        let request = try Requests.MatchesSectionsRequest<Int>.read(&reader)
        if let unknownZone = answer(request, reader, into: &writer) {
            throw .invalid("Unknown time zone \(document.quote(unknownZone)); expected an IANA name such as \"Europe/London\".", at: unknownZone)
        }
    }

    /// The same request read by a cursor, with the same decoder (an unknown time zone is the
    /// document path's error). A match's teams, score and competition are read with hints of
    /// their own (``NestedHints``).
    static func respond(reading request: JSONCursor, into writer: inout JSONWriter) -> Bool {
        NestedHints.withRoom { nestedHints in
            var reader = CursorReader(request, nestedHints: nestedHints)
            guard let request = try? Requests.MatchesSectionsRequest<CursorText>.read(&reader), reader.finish() else {
                return false
            }
            return answer(request, reader, into: &writer) == nil
        }
    }

    /// Writes the result; or, having written nothing, returns the time zone's text when it names
    /// no zone.
    private static func answer<Reader: RequestReader>(
        _ request: Requests.MatchesSectionsRequest<Reader.Text>, _ reader: Reader, into writer: inout JSONWriter
    ) -> Reader.Text? {
        let matches = (request.matches ?? []).map(MatchRow.init)
        let favorites = (request.favorites ?? []).map(MatchRow.init)
        let segment: MatchSegment =
            switch request.segment {
            case nil, .all: .all
            case .favorites: .favorites
            }
        var timeZone = IANATimeZone.utc
        if let text = request.timeZone {
            guard let zone = IANATimeZone(identifier: reader.string(text)) else { return text }
            timeZone = zone
        }
        let (rows, facts, arrangement) = MatchArrangement.arranging(
            segment, matches: matches, favorites: favorites, timeZone: timeZone,
            id: { $0.id }, facts: { $0.facts(by: reader, isFavorite: $1) })

        writer.beginObject()
        writer.field("segment", text: segment.rawValue)
        writer.key("sections")
        writer.beginArray()
        for section in arrangement.sections {
            writer.beginObject()
            writer.field("title", packed: section.packedTitle)
            if let date = section.date { writer.field("date", packed: date.isoPackedText) }
            writer.key("matches")
            writer.beginArray()
            let dateText = arrangement.packedDateText(in: section)
            for entry in arrangement.entries[section.entries] {
                write(rows[entry.index], facts[entry.index], entry, dateText: dateText, of: arrangement, by: reader, into: &writer)
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
        return nil
    }

    /// A match's row, as ``MatchView`` shows it; crests, `utcDate` and `matchday` are omitted
    /// when unknown, team names are ``FootballMatch/Team/unknownName``; `dateText` is its
    /// section's (``MatchArrangement/packedDateText(in:)``).
    private static func write<Reader: RequestReader>(
        _ row: MatchRow<Reader.Text>, _ facts: MatchFacts, _ entry: MatchArrangement.Entry, dateText: PackedText, of arrangement: MatchArrangement,
        by reader: Reader, into writer: inout JSONWriter
    ) {
        writer.beginObject()
        writer.field("id", row.id)
        writer.field("homeTeam", textOf: row.homeName, by: reader, orElse: FootballMatch.Team.unknownName)
        writer.field("awayTeam", textOf: row.awayName, by: reader, orElse: FootballMatch.Team.unknownName)
        writer.field("homeCrest", textOf: row.homeCrest, by: reader)
        writer.field("awayCrest", textOf: row.awayCrest, by: reader)
        writer.field("utcDate", textOf: row.utcDate, by: reader)
        if let matchday = row.matchday { writer.field("matchday", matchday) }
        writer.field("played", facts.result != nil)
        if let status = arrangement.packedStatusText(of: entry, facts) {
            writer.field("statusText", packed: status)
        } else {
            writer.field("statusText", text: facts.calledOffText ?? "")
        }
        writer.field("timeZoneLabel", text: arrangement.timeZoneLabel(of: entry, facts))
        writer.field("dateText", packed: dateText)
        writer.field("isFavorite", facts.isFavorite)
        writer.endObject()
    }
}
