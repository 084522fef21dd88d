import TournamentCore

/// `tournaments.filter`: normalize tournament documents and list one tab with counts, labels
/// and the empty state (``TournamentFilter``).
enum TournamentsFilter: WireMethod {
    static let name: StaticString = "tournaments.filter"

    private enum Field: String, RequestFields {
        case tournaments, tab, publicOnly, query, limit
        static let table = FieldTable<Self>()
    }

    static func respond(to request: Int, in document: JSONDocument, into writer: inout JSONWriter) throws(WireError) {
        let fields = try ObjectFields<Field>(document, request)
        let elements = try fields.requiredArray(.tournaments)
        var documents: [TournamentDocument] = []
        documents.reserveCapacity(elements.count)
        for element in elements {
            documents.append(try TournamentDocument(document, element))
        }
        let filter = TournamentFilter(
            tab: try fields.value(.tab).map { node throws(WireError) in try tab(document, node) } ?? .active,
            publicOnly: try fields.bool(.publicOnly) ?? false,
            query: try fields.string(.query),
            limit: try fields.int(.limit, in: 0...Int64.max))
        let listing = filter.apply(to: documents.map(\.tournament))

        writer.beginObject()
        writer.key("tab")
        writer.string(listing.tab.rawValue)
        writer.key("tournaments")
        writer.beginArray()
        for index in listing.indices {
            documents[index].write(from: document, into: &writer)
        }
        writer.endArray()
        writer.key("counts")
        writer.beginObject()
        writer.key("active")
        writer.int(listing.counts.active)
        writer.key("completed")
        writer.int(listing.counts.completed)
        writer.key("all")
        writer.int(listing.counts.all)
        writer.endObject()
        writer.key("labels")
        writer.beginObject()
        writer.key("active")
        writer.string(listing.labels.active)
        writer.key("completed")
        writer.string(listing.labels.completed)
        writer.endObject()
        writer.key("isEmpty")
        writer.bool(listing.isEmpty)
        writer.key("emptyState")
        if let emptyState = listing.emptyState {
            writer.beginObject()
            writer.key("icon")
            writer.string(emptyState.icon)
            writer.key("title")
            writer.string(emptyState.title)
            writer.key("message")
            writer.string(emptyState.message)
            writer.endObject()
        } else {
            writer.null()
        }
        writer.endObject()
    }

    /// `"active"`, `"completed"`, `"all"`, or the apps' tab index (0 active, 1 completed, any
    /// other integer, however large, all).
    private static func tab(_ document: JSONDocument, _ node: Int) throws(WireError) -> TournamentTab {
        switch document.kind(node) {
        case .string:
            if let tab = TournamentTab(rawValue: document.string(node)) { return tab }
        case .number where document.nodes[node].flags & JSONNode.integer != 0:
            guard let index = document.int64(node) else { return .all }  // beyond Int64: "any other integer"
            return index == 0 ? .active : index == 1 ? .completed : .all
        default:
            break
        }
        throw .invalid("Expected \"active\", \"completed\", \"all\" or a tab index, found \(document.quote(node)).", at: node)
    }
}
