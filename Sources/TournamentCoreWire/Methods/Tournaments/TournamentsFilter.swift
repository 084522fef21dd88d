@_spi(Wire) import TournamentCore
import TournamentCoreJSON

/// `tournaments.filter`: normalize tournament documents and list one tab with counts, labels
/// and the empty state (``TournamentFilter``).
enum TournamentsFilterMethod: CursorReadingWireMethod {
    private typealias Field = Members.TournamentsFilterRequest

    static func respond(to request: Int, in document: JSONDocument, into writer: inout JSONWriter) throws(WireError) {
        let fields = try ObjectFields<Field>(document, request)
        let elements = try fields.requiredArray(.tournaments)
        // Read before the documents: it says what an invalid one does.
        let skipping = try fields.value(.invalidDocuments).map { node throws(WireError) in try skips(document, node) } ?? false
        // Every document is checked before the filter's fields, as the contract orders errors.
        var tournaments: [TournamentDocument] = []
        tournaments.reserveCapacity(elements.count)
        var skipped: [SkippedDocument] = []
        var index = 0
        for element in elements {
            if skipping {
                do throws(WireError) {
                    tournaments.append(try TournamentDocument(document, element))
                } catch {
                    if error.isOutOfMemory { throw error }
                    skipped.append(SkippedDocument(index: index, element: element, error: error, in: document))
                }
            } else {
                tournaments.append(try TournamentDocument(document, element))
            }
            index &+= 1
        }
        let filter = TournamentFilter(
            tab: try fields.value(.tab).map { node throws(WireError) in try tab(document, node) } ?? .active,
            publicOnly: try fields.bool(.publicOnly) ?? false,
            query: try fields.string(.query),
            // Any count up to Int64.max; clamped to Int.max, which no list reaches (32-bit too).
            limit: try fields.int64(.limit, in: 0...Int64.max).map { Int(clamping: $0) })
        var listing = TournamentSelection(filter, recordingIndices: false)  // built one tournament at a time
        write(&listing, into: &writer) { listing, writer in
            for tournament in tournaments where listing.add(isPublic: tournament.isPublic, status: tournament.status, isFound: { tournament.isFound($0, in: document) }) {
                tournament.write(from: document, into: &writer)
            }
        } skipped: { writer in
            guard skipping else { return }
            writer.key("skipped")
            writer.beginArray()
            for document in skipped {
                document.write(into: &writer)
            }
            writer.endArray()
        }
    }

    /// A document left out by `invalidDocuments: "skip"`: where it was and why. (The exception:
    /// compiled for size, its texts written out of line.)
    private struct SkippedDocument {
        let index: Int
        /// Its `id`, when it has a non-empty string one.
        let id: String?
        let error: WireError
        /// The JSONPath of what is wrong.
        let path: String

        @_optimize(size)
        init(index: Int, element: Int, error: WireError, in document: JSONDocument) {
            self.index = index
            self.error = error
            path = (error.path(in: document) ?? document.path(to: element)).description
            var id: String?
            if let fields = try? ObjectFields<Members.TournamentDocument>(document, element),
               let node = fields.value(.id), document.kind(node) == .string {
                let text = document.string(node)
                id = text.isEmpty ? nil : text
            }
            self.id = id
        }

        @_optimize(size)
        func write(into writer: inout JSONWriter) {
            writer.beginObject()
            writer.field("index", index)
            if let id {
                writer.fieldOutOfLine("id", text: id)
            }
            writer.fieldOutOfLine("code", text: error.code.rawValue)
            writer.fieldOutOfLine("message", text: error.message)
            writer.fieldOutOfLine("path", text: path)
            writer.endObject()
        }
    }

    /// `invalidDocuments`: whether it is `"skip"` (`"reject"`: false).
    private static func skips(_ document: JSONDocument, _ node: Int) throws(WireError) -> Bool {
        if document.kind(node) == .string, let skips = document.withStringBytes(node, { invalidDocuments(named: $0) }) {
            return skips
        }
        throw .invalid("Expected \"reject\" or \"skip\", found \(document.quote(node)).", at: node)
    }

    /// The same request read by a cursor: the tournaments as views of the request (their unknown
    /// members, scalars, kept as written), then the filter. Anything else (an unknown member of
    /// the request, a repeated one, an unknown member holding an object or an array, every
    /// error) is the document path's.
    static func respond(reading request: JSONCursor, into writer: inout JSONWriter) -> Bool {
        var cursor = request
        guard cursor.enterObject() else { return false }
        var seen: UInt64 = 0
        var tournaments: [TournamentView]?
        var unknownMembers: [TournamentView.Member] = []
        var tab = TournamentTab.active
        var publicOnly = false
        var query: UnsafeBufferPointer<UInt8>?
        var limit: Int?
        var skipping = false
        while let field = cursor.nextField(Field.self, seen: &seen) {
            switch field {
            case .tournaments:
                guard cursor.enterArray() else { break }
                var read: [TournamentView] = []
                var hints = JSONCursor.MemberPrefixes()
                while cursor.nextElement() {
                    guard let tournament = TournamentView(&cursor, hints: &hints, appendingUnknownMembersTo: &unknownMembers) else { break }
                    if read.isEmpty { read.reserveCapacity(16) }  // one allocation for a page of tournaments, none for no page
                    read.append(tournament)
                }
                tournaments = read
            case .tab: tab = cursor.optional(Self.tab) ?? .active
            case .publicOnly: publicOnly = cursor.optional { $0.bool() } ?? false
            case .query: query = cursor.optional { $0.string() }
            case .limit: limit = cursor.optional { $0.int64(in: 0...Int64.max) }.map { Int(clamping: $0) }
            case .invalidDocuments:
                // An invalid document declines, whatever the option: only "none skipped" is
                // answered here.
                guard !cursor.takeNull() else { break }
                guard let name = cursor.string(), let skips = invalidDocuments(named: name) else {
                    cursor.decline()
                    break
                }
                skipping = skips
            }
        }
        guard cursor.finish(), let tournaments else { return false }
        var listing = TournamentSelection(
            tab: tab, publicOnly: publicOnly, search: query.flatMap(TournamentSearch.init(queryUTF8:)), limit: limit,
            recordingIndices: false)
        write(&listing, into: &writer) { listing, writer in
            for tournament in tournaments where listing.add(isPublic: tournament.isPublic, status: tournament.status, isFound: { tournament.isFound($0) }) {
                tournament.write(unknownMembers, into: &writer)
            }
        } skipped: { writer in
            guard skipping else { return }
            writer.key("skipped")
            writer.beginArray()
            writer.endArray()
        }
        return true
    }

    /// Writes the result: the tab, the tournaments (`tournaments` adds every tournament to the
    /// listing, in order, and writes those listed), the counts, labels and empty state, then
    /// what `skipped` writes (the skipped documents, when they are asked for).
    private static func write(
        _ listing: inout TournamentSelection, into writer: inout JSONWriter,
        tournaments: (inout TournamentSelection, inout JSONWriter) -> Void, skipped: (inout JSONWriter) -> Void
    ) {
        writer.beginObject()
        writer.field("tab", text: listing.tab.rawValue)
        writer.key("tournaments")
        writer.beginArray()
        tournaments(&listing, &writer)
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
        skipped(&writer)
        writer.endObject()
    }

    /// Whether `name` is `"skip"` (true) or `"reject"` (false); nil for anything else.
    private static func invalidDocuments(named name: UnsafeBufferPointer<UInt8>) -> Bool? {
        spells(name, "skip") ? true : spells(name, "reject") ? false : nil
    }

    /// A tab read by a cursor, as ``tab(_:_:)`` reads one from a document: a name or an integer
    /// index; nil (declined) for anything else, and for an index beyond `Int64` (the document
    /// path's).
    private static func tab(_ cursor: inout JSONCursor) -> TournamentTab? {
        guard cursor.isAtString() else {
            guard let index = cursor.int64() else { return nil }
            return index == 0 ? .active : index == 1 ? .completed : .all
        }
        guard let name = cursor.string(), let tab = tab(named: name) else {
            cursor.decline()
            return nil
        }
        return tab
    }

    /// The tab whose name (``TournamentTab``'s raw value, as the contract spells it) is `name`.
    /// Compared as bytes: no `String` is made for it.
    private static func tab(named name: UnsafeBufferPointer<UInt8>) -> TournamentTab? {
        spells(name, "active") ? .active : spells(name, "completed") ? .completed : spells(name, "all") ? .all : nil
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
