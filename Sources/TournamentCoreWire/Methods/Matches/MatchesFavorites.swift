import TournamentCore
import TournamentCoreJSON

/// `matches.favorite`: the stored favourite record of a match (``FavoriteMatch/init(match:)``).
enum MatchesFavoriteMethod: WireMethod {
    private typealias Field = Members.MatchesFavoriteRequest

    static func respond(to request: Int, in document: JSONDocument, into writer: inout JSONWriter) throws(WireError) {
        let fields = try ObjectFields<Field>(document, request)
        let match = try MatchCoding.match(document, fields.required(.match))
        writer.beginObject()
        writer.key("favorite")
        MatchCoding.write(FavoriteMatch(match: match), into: &writer)
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
        let reconciliation = FavoriteReconciliation(favorites: records.map { $0.0 }, matches: try MatchCoding.matches(fields, .matches))
        writer.beginObject()
        writer.key("favorites")
        writer.beginArray()
        for (record, (_, unknown)) in zip(reconciliation.favorites, records) {
            MatchCoding.write(record, unknown: unknown, from: document, into: &writer)
        }
        writer.endArray()
        writer.key("updatedIds")
        writer.beginArray()
        for id in reconciliation.updatedIds { writer.int(id) }
        writer.endArray()
        writer.field("changed", reconciliation.changed)
        writer.endObject()
    }
}
