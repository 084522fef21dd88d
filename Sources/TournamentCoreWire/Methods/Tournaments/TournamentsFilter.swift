import TournamentCore
import TournamentCoreJSON

/// `tournaments.filter`: normalize tournament documents and list one tab with counts, labels
/// and the empty state (``TournamentFilter``).
enum TournamentsFilter: WireMethod {
    static let name: StaticString = "tournaments.filter"

    private typealias Field = Members.TournamentsFilterRequest

    static func respond(to request: Int, in document: JSONDocument, into writer: inout JSONWriter) throws(WireError) {
        let fields = try ObjectFields<Field>(document, request)
        let elements = try fields.requiredArray(.tournaments)
        // Every document is checked before the filter's fields, as the contract orders errors.
        var tournaments: [TournamentDocument] = []
        tournaments.reserveCapacity(elements.count)
        for element in elements {
            tournaments.append(try TournamentDocument(document, element))
        }
        let filter = TournamentFilter(
            tab: try fields.value(.tab).map { node throws(WireError) in try tab(document, node) } ?? .active,
            publicOnly: try fields.bool(.publicOnly) ?? false,
            query: try fields.string(.query),
            // Any count up to Int64.max; clamped to Int.max, which no list reaches (32-bit too).
            limit: try fields.int64(.limit, in: 0...Int64.max).map { Int(clamping: $0) })
        var listing = TournamentSelection(filter)  // the listing, built one tournament at a time
        for tournament in tournaments {
            listing.add(isPublic: tournament.isPublic, status: tournament.status) { tournament.isFound($0, in: document) }
        }

        writer.beginObject()
        writer.field("tab", text: listing.tab.rawValue)
        writer.key("tournaments")
        writer.beginArray()
        for index in listing.indices {
            tournaments[index].write(from: document, into: &writer)
        }
        writer.endArray()
        writer.object("counts") { counts in
            counts.field("active", listing.counts.active)
            counts.field("completed", listing.counts.completed)
            counts.field("all", listing.counts.all)
        }
        let labels = listing.labels
        writer.object("labels") { writer in
            writer.field("active", text: labels.active)
            writer.field("completed", text: labels.completed)
        }
        writer.field("isEmpty", listing.isEmpty)
        if let emptyState = listing.emptyState {
            writer.object("emptyState") { empty in
                empty.field("icon", text: emptyState.icon)
                empty.field("title", text: emptyState.title)
                empty.field("message", text: emptyState.message)
            }
        } else {
            writer.key("emptyState")
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
        case .number where document.isInteger(node):
            guard let index = document.int64(node) else { return .all }  // beyond Int64: "any other integer"
            return index == 0 ? .active : index == 1 ? .completed : .all
        default:
            break
        }
        throw .invalid("Expected \"active\", \"completed\", \"all\" or a tab index, found \(document.quote(node)).", at: node)
    }
}
