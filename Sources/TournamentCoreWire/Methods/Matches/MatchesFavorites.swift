@_spi(Wire) import TournamentCore
import TournamentCoreJSON

/// `matches.favorite`: the stored favourite record of a match (``FavoriteMatch/init(match:)``).
enum MatchesFavoriteMethod: WireMethod {
    static func respond(to request: Int, in document: JSONDocument, into writer: inout JSONWriter) throws(WireError) {
        var reader = DocumentReader(document, at: request)
        let request = try Requests.MatchesFavoriteRequest<Int>.read(&reader)
        writer.beginObject()
        writer.key("favorite")
        MatchCoding.writeRecord(MatchRow(request.match), by: reader, into: &writer)
        writer.endObject()
    }
}

/// `matches.reconcileFavorites`: stored favourites whose result became known
/// (``FavoriteReconciliation``).
enum MatchesReconcileFavoritesMethod: WireMethod {
    static func respond(to request: Int, in document: JSONDocument, into writer: inout JSONWriter) throws(WireError) {
        var reader = DocumentReader(document, at: request, keepsUnknownMembers: true)
        let request = try Requests.MatchesReconcileFavoritesRequest<Int>.read(&reader)
        var updatedIds: [Int64] = []
        writer.beginObject()
        writer.key("favorites")
        writer.beginArray()
        FavoriteReconciliation.reconcile(
            request.favorites ?? [], with: request.matches ?? [],
            favorite: { MatchRow($0).updateFacts }, match: { MatchRow($0).updateFacts },
            kickoffMoved: { record, match in
                reader.withBytes(of: record.utcDate) { stored in
                    reader.withBytes(of: match.utcDate) { FavoriteReconciliation.isKickoffMoved(stored: stored, fresh: $0) }
                }
            }
        ) { record, match, update in
            MatchCoding.writeRecord(
                MatchRow(record), taking: update, from: match.map(MatchRow.init), unknown: record.unknownMembers, by: reader, into: &writer)
            if !update.isEmpty { updatedIds.append(record.id) }
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
