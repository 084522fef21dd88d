import Testing
import TestFiles
import TournamentCore
@testable import TournamentCoreJSON
@testable import TournamentCoreWire

/// `participants.resolve` answers a legacy list from the request's bytes (``LegacyRoster``):
/// these tests hold it to the typed resolver's answer, encoded here, on generated lists.
@Suite("participants.resolve through the wire")
struct ParticipantsResolveWireTests {
    /// IDs that test the rules: repeats, equivalent spellings (two IDs), blank ones, text that
    /// JSON escapes, long IDs, and the signed-in user's.
    static let pool: [String?] = [
        "u1", "u2", "u3", "\u{E9}", "e\u{301}", "a\"b", "back\\slash", "tab\there", " ", "", "\u{3000}", nil,
        "user-000000000000000000000001", "user-000000000000000000000002", "x", "\u{1F600}", "Archer 2",
    ]

    static let users: [String] = [
        "null",
        #"{"uid":"u1","displayName":"Robin"}"#,
        #"{"uid":"e\u0301","email":"me@example.com"}"#,
        #"{"uid":"u2","displayName":"Archer 5","email":"u2@example.com"}"#,
        #"{"uid":"a\"b","displayName":"  "}"#,
        #"{"uid":"user-000000000000000000000001","displayName":"Long"}"#,
    ]

    /// `text` as a JSON string token: escaped where JSON must, or every scalar as `\u` escapes
    /// (the same ID, spelled otherwise).
    static func token(_ text: String, spelledOut: Bool) -> String {
        var writer = JSONWriter()
        if spelledOut {
            var escaped = "\""
            for unit in text.utf16 {
                let hex = String(unit, radix: 16)
                escaped += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            }
            return escaped + "\""
        }
        writer.string(text: text)
        return String(decoding: writer.bytes, as: UTF8.self)
    }

    /// The typed resolver's answer for the same input, as the contract encodes it.
    static func expected(ids: [String?], user: CurrentUser?, now: Int64) -> String {
        let resolution: ParticipantResolution
        do throws(ParticipantError) {
            resolution = try ParticipantResolver.resolve(tournamentId: "t1", subcollection: [], participantIds: ids, currentUser: user, now: now)
        } catch {
            guard case .invalidParticipantID(let position, let reason) = error else { return "unexpected \(error)" }
            return #"{"ok":false,"error":{"code":"INVALID_REQUEST","message":"\#(reason)","path":"$.participantIds[\#(position)]"}}"#
        }
        var writer = JSONWriter()
        writer.append("{\"ok\":true,\"result\":")
        writer.beginObject()
        writer.field("source", text: resolution.source.rawValue)
        writer.key("participants")
        writer.beginArray()
        for participant in resolution.participants {
            writer.beginObject()
            writer.field("participantId", text: participant.participantId)
            writer.field("displayName", text: participant.displayName)
            writer.field("joinedAt", participant.joinedAt ?? -1)
            writer.field("isCreator", participant.isCreator)
            writer.endObject()
        }
        writer.endArray()
        writer.object("repair") { repair in
            repair.field("needed", resolution.repair.isNeeded)
            repair.key("writes")
            repair.beginArray()
            for write in resolution.repair.writes {
                repair.beginObject()
                repair.field("path", text: write.path)
                repair.field("merge", write.merge)
                repair.key("data")
                repair.beginObject()
                repair.field("participantId", text: write.data.participantId)
                if let name = write.data.displayName { repair.field("displayName", text: name) }
                repair.field("joinedAt", write.data.joinedAt)
                repair.field("isCreator", write.data.isCreator)
                repair.endObject()
                repair.endObject()
            }
            repair.endArray()
        }
        writer.endObject()
        writer.append("}")
        return String(decoding: writer.bytes, as: UTF8.self)
    }

    static func user(_ json: String) -> CurrentUser? {
        switch json {
        case "null": nil
        case #"{"uid":"u1","displayName":"Robin"}"#: CurrentUser(uid: "u1", displayName: "Robin")
        case #"{"uid":"e\u0301","email":"me@example.com"}"#: CurrentUser(uid: "e\u{301}", email: "me@example.com")
        case #"{"uid":"u2","displayName":"Archer 5","email":"u2@example.com"}"#: CurrentUser(uid: "u2", displayName: "Archer 5", email: "u2@example.com")
        case #"{"uid":"a\"b","displayName":"  "}"#: CurrentUser(uid: "a\"b", displayName: "  ")
        default: CurrentUser(uid: "user-000000000000000000000001", displayName: "Long")
        }
    }

    @Test("generated legacy lists, short (scanned) and long (hashed), IDs plain or spelled with escapes, get the typed resolver's answer")
    func generatedListsAgreeWithTheResolver() {
        var random = SeededGenerator()
        for round in 0..<300 {
            let length = [0, 1, 3, 10, 31, 33, 80][round % 7]
            var ids: [String?] = []
            var tokens: [String] = []
            for _ in 0..<length {
                let id = Self.pool.randomElement(using: &random) ?? nil
                ids.append(id)
                tokens.append(id.map { Self.token($0, spelledOut: Bool.random(using: &random)) } ?? "null")
            }
            if round % 5 == 4 {  // an ID that cannot be a document ID, somewhere
                let position = Int.random(in: 0...ids.count, using: &random)
                ids.insert("a/b", at: position)
                tokens.insert(#""a/b""#, at: position)
            }
            let userJSON = Self.users[round % Self.users.count]
            let now = Int64(1_735_300_000_000 + round)
            let request = #"{"tournamentId":"t1","participants":[],"participantIds":[\#(tokens.joined(separator: ","))],"currentUser":\#(userJSON),"now":\#(now)}"#
            let answer = call("participants.resolve", request)
            let expected = Self.expected(ids: ids, user: Self.user(userJSON), now: now)
            #expect(answer == expected, "seed \(random.seed), request \(request)")
            if answer != expected { return }
        }
    }

    @Test("the tournament ID is written as read, escapes decoded, in every repair path")
    func tournamentIdInPaths() {
        let answer = call("participants.resolve", #"{"tournamentId":"t\u0031\"x","participantIds":["p"],"now":5}"#)
        #expect(answer.contains(#""path":"tournaments/t1\"x/participants/p""#))
    }
}
