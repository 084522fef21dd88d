@_spi(Wire) import TournamentCore
import TournamentCoreJSON

/// `matches.favorite`: the stored favourite record of a match (``FavoriteMatch/init(match:)``).
enum MatchesFavoriteMethod: WireMethod {
    private typealias Field = Members.MatchesFavoriteRequest

    static func respond(to request: Int, in document: JSONDocument, into writer: inout JSONWriter) throws(WireError) {
        let fields = try ObjectFields<Field>(document, request)
        let match = try MatchCoding.row(document, fields.required(.match))
        writer.beginObject()
        writer.key("favorite")
        MatchCoding.writeRecord(match, in: document, into: &writer)
        writer.endObject()
    }
}

/// `matches.reconcileFavorites`: stored favourites whose result became known
/// (``FavoriteReconciliation``).
enum MatchesReconcileFavoritesMethod: WireMethod {
    private typealias Field = Members.MatchesReconcileFavoritesRequest

    static func respond(to request: Int, in document: JSONDocument, into writer: inout JSONWriter) throws(WireError) {
        let fields = try ObjectFields<Field>(document, request)
        let records = try MatchCoding.records(fields, .favorites)
        let matches = try MatchCoding.matchRows(fields, .matches)
        var updatedIds: [Int64] = []
        writer.beginObject()
        writer.key("favorites")
        writer.beginArray()
        FavoriteReconciliation.reconcile(
            records, with: matches,
            favorite: { $0.row.updateFacts }, match: { $0.updateFacts },
            kickoffMoved: { record, match in
                document.withStringBytes(of: record.row.utcDate) { stored in
                    document.withStringBytes(of: match.utcDate) { FavoriteReconciliation.isKickoffMoved(stored: stored, fresh: $0) }
                }
            }
        ) { record, match, update in
            MatchCoding.writeRecord(record.row, taking: update, from: match, unknown: record.unknown, in: document, into: &writer)
            if !update.isEmpty { updatedIds.append(record.row.id) }
        }
        writer.endArray()
        writer.key("updatedIds")
        writer.beginArray()
        for id in updatedIds { writer.int(id) }
        writer.endArray()
        writer.field("changed", !updatedIds.isEmpty)
        writer.endObject()
    }
}
