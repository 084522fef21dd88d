@_spi(Wire) import TournamentCore
import TournamentCoreJSON

/// `participants.resolve`: the participant list with the legacy `participantIds` fallback and
/// the repair plan (``ParticipantResolver``).
///
/// The legacy fallback is answered from the request's bytes: each ID is admitted by
/// ``LegacyRoster`` (the resolver's own rules) and written where it stands in the request, three
/// times (the participant, its repair write's path and data), without a `String` per participant.
enum ParticipantsResolveMethod: WireMethod {
    static func respond(to request: Int, in document: JSONDocument, into writer: inout JSONWriter) throws(WireError) {
        var reader = DocumentReader(document, at: request)
        let request = try Requests.ParticipantsResolveRequest<Int>.read(&reader)
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
            return
        }
        let participantIds = request.participantIds ?? []
        var roster = LegacyRoster(count: participantIds.count, currentUser: currentUser)
        // The string node of each participant admitted, in order.
        var kept: [Int] = []
        kept.reserveCapacity(participantIds.count)
        var userIndex = -1
        var idBytes = 0  // of the IDs kept, as written in the request
        for (position, element) in participantIds.enumerated() {
            guard let element else { continue }  // a null entry is skipped
            let admitted = document.withStringBytes(element) { bytes in
                Result { () throws(ParticipantError) in
                    try roster.admit(bytes, at: position) { document.stringEquals(kept[$0], bytes) }
                }
            }
            let member: LegacyRoster.Member?
            do throws(ParticipantError) {
                member = try admitted.get()
            } catch {
                switch error {
                case .invalidTournamentID(let reason): throw .invalid(reason, at: request.tournamentId)
                case .invalidParticipantID(_, let reason): throw .invalid(reason, at: element)
                }
            }
            guard let member else { continue }
            if member.isCurrentUser { userIndex = member.index }
            kept.append(element)
            idBytes += document.byteCount(element)
        }
        writeLegacy(
            kept, idBytes: idBytes, userIndex: userIndex, roster: roster, tournamentId: request.tournamentId,
            now: request.now ?? Timestamps.now(), in: document, into: &writer)
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

    /// The participants rebuilt from `kept` (string nodes) and their repair writes, pieced
    /// together in one text run: each record is the same pieces around its ID.
    private static func writeLegacy(
        _ kept: [Int], idBytes: Int, userIndex: Int, roster: LegacyRoster, tournamentId: Int, now: Int64,
        in document: JSONDocument, into writer: inout JSONWriter
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
        var pieces = JSONWriter(capacity: 2048)  // a run takes 1 KB of room at once
        pieces.textRun { run in
            run.append(#",{"path":"tournaments/"#)
            run.appendText(of: tournamentId, in: document)
            run.append(#"/participants/"#)
        }
        let pathEnd = pieces.byteCount
        pieces.textRun { run in
            run.append(#"","displayName":""#)
            run.append(ParticipantDisplayName.placeholderPrefix)
        }
        let placeholderEnd = pieces.byteCount
        pieces.textRun { run in
            run.append(#"","joinedAt":"#)
            run.append(now)
            run.append(#","isCreator":"#)
        }
        let joinedAtEnd = pieces.byteCount
        pieces.textRun { run in
            run.append(#"false}}"#)
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
            writer.textRun(expectedBytes: Int(min(expected, Int64(JSONLimits.maxRequestBytes)))) { run in
                run.append(#"{"source":"participantIds","participants":["#)
                for (index, node) in kept.enumerated() {
                    run.append(index == 0 ? #"{"participantId":""# : #",{"participantId":""#)
                    run.appendText(of: node, in: document)
                    if index == userIndex, let ownName = roster.ownName {
                        run.append(#"","displayName":""#)
                        run.appendEscaped(text: ownName)
                    } else {
                        run.append(placeholder)
                        run.append(Int64(index) + 1)
                    }
                    if index == 0 {
                        run.append(joinedAt)
                        run.append("true}")
                    } else {
                        run.append(participantEnd)
                    }
                }
                run.append(#"],"repair":{"needed":true,"writes":["#)
                for (index, node) in kept.enumerated() {
                    // The path in its pieces (RepairWrite.pathComponents), never built.
                    run.append(index == 0 ? UnsafeBufferPointer(rebasing: path[1...]) : path)
                    run.appendText(of: node, in: document)
                    run.append(#"","merge":true,"data":{"participantId":""#)
                    run.appendText(of: node, in: document)
                    if index == userIndex, let storedName = roster.storedName {
                        run.append(#"","displayName":""#)
                        run.appendEscaped(text: storedName)
                    }
                    if index == 0 {
                        run.append(joinedAt)
                        run.append("true}}")
                    } else {
                        run.append(writeEnd)
                    }
                }
                run.append("]}}")
            }
        }
    }
}
