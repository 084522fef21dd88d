@_spi(Wire) import TournamentCore
import TournamentCoreJSON

/// `participants.resolve`: the participant list with the legacy `participantIds` fallback and
/// the repair plan (``ParticipantResolver``).
///
/// The legacy fallback is answered from the request's bytes: each ID is admitted by
/// ``LegacyRoster`` (the resolver's own rules) and written where it stands in the request, three
/// times (the participant, its repair write's path and data), without a `String` per participant.
enum ParticipantsResolveMethod: CursorReadingWireMethod {
    static func respond(to request: Int, in document: JSONDocument, into writer: inout JSONWriter) throws(WireError) {
        var reader = DocumentReader(document, at: request)
        let request = try Requests.ParticipantsResolveRequest<Int>.read(&reader)
        if let refused = answer(request, reader, into: &writer) {
            throw .invalid(refused.reason, at: refused.text)
        }
    }

    /// The same request read by a cursor, with the same decoder (a refused ID is the document
    /// path's error).
    static func respond(reading request: JSONCursor, into writer: inout JSONWriter) -> Bool {
        var reader = CursorReader(request)
        guard let request = try? Requests.ParticipantsResolveRequest<CursorText>.read(&reader), reader.finish() else {
            return false
        }
        return answer(request, reader, into: &writer) == nil
    }

    /// Writes the result; or, having written nothing, returns the text that is not a document ID
    /// (the first participant ID kept that cannot be one) and why.
    private static func answer<Reader: RequestReader>(
        _ request: Requests.ParticipantsResolveRequest<Reader.Text>, _ reader: Reader, into writer: inout JSONWriter
    ) -> (reason: String, text: Reader.Text)? {
        let currentUser = request.currentUser?.currentUser(by: reader)
        if let participants = request.participants, !participants.isEmpty {  // the list as stored; participantIds is not read
            let subcollection = participants.map { participant in
                TournamentParticipant(
                    participantId: reader.string(participant.participantId),
                    displayName: participant.displayName.map { reader.string($0) } ?? "",
                    joinedAt: participant.joinedAt,
                    isCreator: participant.isCreator ?? false)
            }
            writeSubcollection(subcollection, currentUser: currentUser, into: &writer)
            return nil
        }
        let participantIds = request.participantIds ?? []
        var roster = LegacyRoster(count: participantIds.count, currentUser: currentUser)
        // The text of each participant admitted, in order.
        var kept: [Reader.Text] = []
        kept.reserveCapacity(participantIds.count)
        var userIndex = -1
        var idBytes = 0  // of the IDs kept (decoded: what the records' estimate needs)
        for (position, element) in participantIds.enumerated() {
            guard let element else { continue }  // a null entry is skipped
            let (admitted, byteCount) = reader.withBytes(of: element) { bytes in
                let admitted = Result { () throws(ParticipantError) in
                    try roster.admit(bytes, at: position) { index, body in reader.withBytes(of: kept[index], body) }
                }
                return (admitted, bytes.count)
            }
            let member: LegacyRoster.Member?
            do throws(ParticipantError) {
                member = try admitted.get()
            } catch {
                switch error {
                case .invalidTournamentID(let reason): return (reason, request.tournamentId)
                case .invalidParticipantID(_, let reason): return (reason, element)
                }
            }
            guard let member else { continue }
            if member.isCurrentUser { userIndex = member.index }
            kept.append(element)
            idBytes += byteCount
        }
        writeLegacy(
            kept, idBytes: idBytes, userIndex: userIndex, roster: roster, tournamentId: request.tournamentId,
            now: request.now ?? Timestamps.now(), by: reader, into: &writer)
        return nil
    }

    /// The subcollection as the resolver answers it: its names resolved, no repair.
    private static func writeSubcollection(_ subcollection: [TournamentParticipant], currentUser: CurrentUser?, into writer: inout JSONWriter) {
        writer.beginObject()
        writer.field("source", text: ParticipantSource.subcollection.rawValue)
        writer.key("participants")
        writer.beginArray()
        for participant in ParticipantResolver.named(subcollection, currentUser: currentUser) {
            ParticipantCoding.write(participant, into: &writer)
        }
        writer.endArray()
        writeNoRepair(into: &writer)
        writer.endObject()
    }

    /// `"repair":{"needed":false,"writes":[]}`.
    private static func writeNoRepair(into writer: inout JSONWriter) {
        writer.object("repair") { repair in
            repair.field("needed", false)
            repair.key("writes")
            repair.beginArray()
            repair.endArray()
        }
    }

    /// The participants rebuilt from `kept` (the request's texts) and their repair writes,
    /// pieced together in one run: each record is the same pieces around its ID.
    private static func writeLegacy<Reader: RequestReader>(
        _ kept: [Reader.Text], idBytes: Int, userIndex: Int, roster: LegacyRoster, tournamentId: Reader.Text, now: Int64,
        by reader: Reader, into writer: inout JSONWriter
    ) {
        guard !kept.isEmpty else {
            writer.beginObject()
            writer.field("source", text: ParticipantSource.none.rawValue)
            writer.key("participants")
            writer.beginArray()
            writer.endArray()
            writeNoRepair(into: &writer)
            writer.endObject()
            return
        }
        // The pieces every record repeats, made once: the repair path up to the participant's
        // ID (after the comma before the record); a placeholder up to its number; what follows
        // a name, and a repair's ID, to the end of the record, but for the first record: the
        // creator's, written with its own end.
        // About 110 bytes and the tournament's ID: a block the allocator caches (AllocationSizes),
        // each run asking room for its fixed text and the buffer growing for a long ID.
        var pieces = JSONWriter(capacity: 240)
        pieces.memberRun(expectedBytes: 64) { run in
            run.appendJSON(#",{"path":"tournaments/"#)
            reader.appendText(tournamentId, to: &run)
            run.appendJSON(#"/participants/"#)
        }
        let pathEnd = pieces.byteCount
        pieces.memberRun(expectedBytes: 32) { run in
            run.appendJSON(#"","displayName":""#)
            run.appendJSON(ParticipantDisplayName.placeholderPrefix)
        }
        let placeholderEnd = pieces.byteCount
        pieces.memberRun(expectedBytes: 64) { run in
            run.appendJSON(#"","joinedAt":"#)
            run.appendInteger(now)
            run.appendJSON(#","isCreator":"#)
        }
        let joinedAtEnd = pieces.byteCount
        pieces.memberRun(expectedBytes: 8) { run in
            run.appendJSON(#"false}}"#)
        }
        guard !pieces.isOutOfMemory else {
            writer.markOutOfMemory()
            return
        }
        pieces.withBytes { bytes in
            let path = UnsafeBufferPointer(rebasing: bytes[..<pathEnd])
            let placeholder = UnsafeBufferPointer(rebasing: bytes[pathEnd..<placeholderEnd])
            let joinedAt = UnsafeBufferPointer(rebasing: bytes[placeholderEnd..<joinedAtEnd])
            let participantEnd = UnsafeBufferPointer(rebasing: bytes[placeholderEnd..<bytes.count - 1])  // ...false}
            let writeEnd = UnsafeBufferPointer(rebasing: bytes[placeholderEnd...])  // ...false}}
            // In 64 bits on every platform (a 32-bit `Int` could overflow for a long escaped
            // tournament ID repeated in many records); more than a request's 64 MiB makes room
            // for is asked as the buffer grows.
            let perRecord = Int64(path.count + placeholder.count + 2 * writeEnd.count + 64)
            let expected = Int64(kept.count) * perRecord + 3 * Int64(idBytes) + 128
            writer.memberRun(expectedBytes: Int(min(expected, Int64(JSONLimits.maxRequestBytes)))) { run in
                run.appendJSON(#"{"source":"participantIds","participants":["#)
                for (index, node) in kept.enumerated() {
                    run.appendJSON(index == 0 ? #"{"participantId":""# : #",{"participantId":""#)
                    reader.appendText(node, to: &run)
                    if index == userIndex, let ownName = roster.ownName {
                        run.appendJSON(#"","displayName":""#)
                        run.appendToString(text: ownName)
                    } else {
                        run.appendJSON(placeholder)
                        run.appendInteger(Int64(index) + 1)
                    }
                    if index == 0 {
                        run.appendJSON(joinedAt)
                        run.appendJSON("true}")
                    } else {
                        run.appendJSON(participantEnd)
                    }
                }
                run.appendJSON(#"],"repair":{"needed":true,"writes":["#)
                for (index, node) in kept.enumerated() {
                    // The path in its pieces (RepairWrite.pathComponents), never built.
                    run.appendJSON(index == 0 ? UnsafeBufferPointer(rebasing: path[1...]) : path)
                    reader.appendText(node, to: &run)
                    run.appendJSON(#"","merge":true,"data":{"participantId":""#)
                    reader.appendText(node, to: &run)
                    if index == userIndex, let storedName = roster.storedName {
                        run.appendJSON(#"","displayName":""#)
                        run.appendToString(text: storedName)
                    }
                    if index == 0 {
                        run.appendJSON(joinedAt)
                        run.appendJSON("true}}")
                    } else {
                        run.appendJSON(writeEnd)
                    }
                }
                run.appendJSON("]}}")
            }
        }
    }
}
