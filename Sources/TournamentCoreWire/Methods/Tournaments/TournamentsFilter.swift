@_spi(Wire) import TournamentCore
import TournamentCoreJSON

/// `tournaments.filter`: normalize tournament documents and list one tab with counts, labels
/// and the empty state (``TournamentFilter``).
enum TournamentsFilterMethod: CursorReadingWireMethod {
    static func respond(to request: Int, in document: JSONDocument, into writer: inout JSONWriter) throws(WireError) {
        var reader = DocumentReader(document, at: request, keepsUnknownMembers: true)
        let request = try Requests.TournamentsFilterRequest<Int>.read(&reader)
        respond(to: request, by: reader, into: &writer) { writer in
            for skipped in request.tournamentsSkipped {
                SkippedDocument(skipped, in: document).write(into: &writer)
            }
        }
    }

    /// The same request read by a cursor, with the same decoder (it declines an invalid
    /// document, so it skips none).
    static func respond(reading request: JSONCursor, into writer: inout JSONWriter) -> Bool {
        var reader = CursorReader(request, keepsUnknownMembers: true)
        guard let request = try? Requests.TournamentsFilterRequest<CursorText>.read(&reader), reader.finish() else { return false }
        respond(to: request, by: reader, into: &writer) { _ in }
        return true
    }

    /// Writes the result of `request` as `reader` read it: the tab, the tournaments listed, the
    /// counts, labels and empty state, then (when skipping was asked for) what `skipped` writes.
    private static func respond<Reader: RequestReader>(
        to request: Requests.TournamentsFilterRequest<Reader.Text>, by reader: Reader, into writer: inout JSONWriter,
        skipped: (inout JSONWriter) -> Void
    ) {
        let tab: TournamentTab =
            switch request.tab {
            case nil, .choice(.active): .active
            case .choice(.completed): .completed
            case .choice(.all): .all
            // The apps' index: 0 active, 1 completed, any other integer (however large) all.
            case .integer(let index): index == 0 ? .active : index == 1 ? .completed : .all
            }
        var listing = TournamentSelection(
            tab: tab, publicOnly: request.publicOnly ?? false,
            search: request.query.flatMap { reader.withBytes(of: $0, TournamentSearch.init(queryUTF8:)) },
            // Any count up to Int64.max; clamped to Int.max, which no list reaches (32-bit too).
            limit: request.limit.map { Int(clamping: $0) },
            recordingIndices: false)  // built one tournament at a time
        writer.beginObject()
        writer.field("tab", text: listing.tab.rawValue)
        writer.key("tournaments")
        writer.beginArray()
        for tournament in request.tournaments {
            let status = tournament.status.map { reader.withBytes(of: $0, TournamentStatus.init(parsingUTF8:)) } ?? .open
            let isListed = listing.add(isPublic: tournament.public ?? false, status: status) { search in
                // An absent name or place is "", which contains no search: a blank query makes none.
                tournament.name.map { reader.withBytes(of: $0, search.isFound(inUTF8:)) } == true
                    || tournament.location.map { reader.withBytes(of: $0, search.isFound(inUTF8:)) } == true
            }
            if isListed {
                write(tournament, status: status, by: reader, into: &writer)
            }
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
        if request.invalidDocuments == .skip {
            writer.key("skipped")
            writer.beginArray()
            skipped(&writer)
            writer.endArray()
        }
        writer.endObject()
    }

    /// Writes a normalized document: the seven known fields in the contract's order (absent ones
    /// as the apps' parser defaults them), then its unknown members in request order.
    private static func write<Reader: RequestReader>(
        _ tournament: Requests.TournamentDocument<Reader.Text>, status: TournamentStatus, by reader: Reader, into writer: inout JSONWriter
    ) {
        writer.beginObject()
        reader.writeField("id", text: tournament.id, into: &writer)
        write("name", tournament.name, by: reader, into: &writer)
        write("location", tournament.location, by: reader, into: &writer)
        writer.field("status", text: status.rawValue)
        writer.field("public", tournament.public ?? false)
        // Within the apps' Int32 (the schema's range): exact as an Int on every platform.
        writer.field("currentParticipants", Int(truncatingIfNeeded: tournament.currentParticipants ?? 0))
        writer.field("maxParticipants", Int(truncatingIfNeeded: tournament.maxParticipants ?? 0))
        reader.writeUnknownMembers(tournament.unknownMembers, into: &writer)
        writer.endObject()
    }

    /// `"key":"text"`, `""` for an absent text.
    private static func write<Reader: RequestReader>(_ key: StaticString, _ text: Reader.Text?, by reader: Reader, into writer: inout JSONWriter) {
        guard let text else {
            writer.field(key, "")
            return
        }
        reader.writeField(key, text: text, into: &writer)
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
        init(_ skipped: SkippedElement, in document: JSONDocument) {
            index = skipped.index
            error = skipped.error
            path = (error.path(in: document) ?? document.path(to: skipped.node)).description
            var id: String?
            if let node = document.member("id", of: skipped.node), document.kind(node) == .string {
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
}
