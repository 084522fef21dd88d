import Testing
import TournamentCore

private let robin = CurrentUser(uid: "u1", displayName: "Robin", email: "robin@example.com")
private let now: Int64 = 1_735_300_000_000

private func resolve(
    _ subcollection: [TournamentParticipant] = [],
    _ ids: [String?] = [],
    user: CurrentUser? = robin,
    tournamentId: String = "t1"
) throws(ParticipantError) -> ParticipantResolution {
    try ParticipantResolver.resolve(tournamentId: tournamentId, subcollection: subcollection, participantIds: ids, currentUser: user, now: now)
}

@Suite("ParticipantResolver")
struct ParticipantResolverTests {
    @Test("a non-empty subcollection wins, as stored, without repair")
    func subcollectionWins() throws {
        let stored = [
            TournamentParticipant(participantId: "u2", displayName: "Marian", joinedAt: 5, isCreator: true),
            TournamentParticipant(participantId: "u1", displayName: "Robin H.", joinedAt: nil, isCreator: false),
        ]
        let resolution = try resolve(stored, ["u1", "u2", "u3"])
        #expect(resolution.source == .subcollection)
        #expect(resolution.participants == stored)
        #expect(!resolution.repair.isNeeded)
        #expect(resolution.repair.writes.isEmpty)
    }

    @Test("repeats and the signed-in user are recognized byte for byte, not as Swift's == compares, in short and long lists")
    func repeatsByBytes() throws {
        let user = CurrentUser(uid: "e\u{301}", displayName: "Me", email: nil)
        for padding in [0, 40] {
            // Past 32 IDs the resolver hashes instead of scanning: the same answer either way.
            let fillers: [String?] = (0..<padding).map { "filler-\($0)" }
            let resolution = try resolve([], fillers + ["\u{E9}", "e\u{301}", "x", "\u{E9}", "user-00000001", "user-00000001"], user: user)
            let kept = resolution.participants.dropFirst(padding)
            // Two documents, never merged; only the one with the uid's bytes is the user.
            #expect(kept.map { Array($0.participantId.utf8) } == [[0xC3, 0xA9], [0x65, 0xCC, 0x81], [0x78], Array("user-00000001".utf8)])
            #expect(kept.map(\.displayName) == ["Archer \(padding + 1)", "Me", "Archer \(padding + 3)", "Archer \(padding + 4)"])
            #expect(resolution.repair.writes.count == padding + 4)
            #expect(resolution.repair.writes.dropFirst(padding).map(\.data.displayName) == [nil, "Me", nil, nil])
        }
    }

    @Test("an ID that differs from the uid only in its middle bytes (the same length, first and last eight) is not the user's")
    func userByEveryByte() throws {
        let user = CurrentUser(uid: "user-0000000001-abcdefgh", displayName: "Me", email: nil)
        for padding in [0, 40] {
            let fillers: [String?] = (0..<padding).map { "filler-\($0)" }
            let resolution = try resolve([], fillers + ["user-0000000002-abcdefgh", "user-0000000001-abcdefgh"], user: user)
            #expect(resolution.participants.dropFirst(padding).map(\.displayName) == ["Archer \(padding + 1)", "Me"])
            #expect(resolution.repair.writes.dropFirst(padding).map(\.data.displayName) == [nil, "Me"])
        }
    }

    @Test("the issue's example: precomposed and decomposed é are two participants, each written")
    func canonicallyEquivalentIDsAreTwoDocuments() throws {
        let resolution = try resolve([], ["\u{E9}", "e\u{301}", "x"], user: CurrentUser(uid: "e\u{301}", displayName: "Me"))
        #expect(resolution.participants.count == 3)
        #expect(resolution.participants.map(\.displayName) == ["Archer 1", "Me", "Archer 3"])
        #expect(resolution.repair.writes.map(\.path).count == 3)
    }

    @Test("a subcollection entry is the signed-in user only when its ID has the uid's bytes")
    func subcollectionUserByBytes() throws {
        let stored = [TournamentParticipant(participantId: "\u{E9}", displayName: ""), TournamentParticipant(participantId: "e\u{301}", displayName: "")]
        let names = try resolve(stored, user: CurrentUser(uid: "e\u{301}", displayName: "Me")).participants.map(\.displayName)
        #expect(names == ["Archer 1", "Me"])
    }

    @Test("a blank stored display name is replaced by the display-name rule for its position")
    func subcollectionBlankNames() throws {
        let stored = [
            TournamentParticipant(participantId: "u2", displayName: ""),
            TournamentParticipant(participantId: "u1", displayName: "  "),
        ]
        let names = try resolve(stored).participants.map(\.displayName)
        #expect(names == ["Archer 1", "Robin"])
    }

    @Test("a stored Archer N placeholder reads as blank: nobody sees themself as another's number")
    func subcollectionPlaceholders() throws {
        let stored = [
            TournamentParticipant(participantId: "u2", displayName: "Archer 1"),
            TournamentParticipant(participantId: "u3", displayName: "Archer 7"),
            TournamentParticipant(participantId: "u1", displayName: "Archer 3"),
            TournamentParticipant(participantId: "u4", displayName: "Archer 07"),
            TournamentParticipant(participantId: "u5", displayName: "Archer 5 "),
            TournamentParticipant(participantId: "u6", displayName: "archer 6"),
        ]
        let names = try resolve(stored).participants.map(\.displayName)
        // Not placeholders (a leading zero, a trailing space, lower case): kept as stored.
        #expect(names == ["Archer 1", "Archer 2", "Robin", "Archer 07", "Archer 5 ", "archer 6"])
    }

    @Test("the legacy participantIds array rebuilds the list: names, joinedAt = now, first is creator")
    func legacyFallback() throws {
        let resolution = try resolve([], ["u1", "u2", "u3"])
        #expect(resolution.source == .participantIds)
        #expect(resolution.participants == [
            TournamentParticipant(participantId: "u1", displayName: "Robin", joinedAt: now, isCreator: true),
            TournamentParticipant(participantId: "u2", displayName: "Archer 2", joinedAt: now, isCreator: false),
            TournamentParticipant(participantId: "u3", displayName: "Archer 3", joinedAt: now, isCreator: false),
        ])
    }

    @Test("blank and nil IDs are skipped, repeats kept once at the first position, indices count the cleaned list")
    func cleaning() throws {
        let resolution = try resolve([], [nil, "", "u2", "  ", "u1", "u2", "\n", "u3", "u1"])
        #expect(resolution.participants.map(\.participantId) == ["u2", "u1", "u3"])
        #expect(resolution.participants.map(\.displayName) == ["Archer 1", "Robin", "Archer 3"])
        #expect(resolution.participants.map(\.isCreator) == [true, false, false])
    }

    @Test("repeats are kept once at the first position in short and long lists alike", arguments: [5, 32, 33, 500])
    func repeatsInListsOfEveryLength(count: Int) throws {
        // Each ID twice (the second time after all firsts), with blanks in between.
        let unique = (0..<count / 2).map { "u\($0 + 10)" }
        let ids: [String?] = unique + [nil, " "] + unique.reversed()
        let resolution = try resolve([], Array(ids.prefix(count)) + ids.dropFirst(count))
        #expect(resolution.participants.map(\.participantId) == unique)
        #expect(resolution.repair.writes.count == unique.count)
    }

    @Test("the repair plan is one merge write per participant at tournaments/{id}/participants/{pid}")
    func repairPlan() throws {
        let resolution = try resolve([], ["u1", "u2"], tournamentId: "spring-2025")
        #expect(resolution.repair.isNeeded)
        #expect(resolution.repair.writes.map(\.path) == ["tournaments/spring-2025/participants/u1", "tournaments/spring-2025/participants/u2"])
        #expect(resolution.repair.writes.allSatisfy { $0.merge })
        #expect(resolution.repair.writes.map(\.data) == [
            RepairDocument(participantId: "u1", displayName: "Robin", joinedAt: now, isCreator: true),
            RepairDocument(participantId: "u2", displayName: nil, joinedAt: now, isCreator: false),
        ])
    }

    @Test("the issue's privacy example: a repair stores no name derived for the viewer")
    func repairStoresNoDerivedName() throws {
        let user = CurrentUser(uid: "u1", displayName: nil, email: "robin@example.com")
        let resolution = try resolve([], ["u1", "u2", "u3"], user: user)
        // Shown to the viewer: their email's local part and placeholders...
        #expect(resolution.participants.map(\.displayName) == ["robin", "Archer 2", "Archer 3"])
        // ...stored for everybody: no name at all.
        #expect(resolution.repair.writes.map(\.data.displayName) == [nil, nil, nil])
        // A blank chosen name is no name either.
        let blank = try resolve([], ["u1", "u2"], user: CurrentUser(uid: "u1", displayName: "  ", email: "robin@example.com"))
        #expect(blank.repair.writes.map(\.data.displayName) == [nil, nil])
        // Nor a chosen name that is exactly a placeholder (readers take it for blank); one that
        // only looks like one is a name.
        let placeholder = try resolve([], ["u1", "u2"], user: CurrentUser(uid: "u1", displayName: "Archer 7", email: nil))
        #expect(placeholder.repair.writes.map(\.data.displayName) == [nil, nil])
        let name = try resolve([], ["u1", "u2"], user: CurrentUser(uid: "u1", displayName: "Archer 07", email: nil))
        #expect(name.repair.writes.map(\.data.displayName) == ["Archer 07", nil])
    }

    @Test("nothing anywhere: no participants, source none, no repair", arguments: [[], [nil, "", " "]] as [[String?]])
    func none(ids: [String?]) throws {
        let resolution = try resolve([], ids)
        #expect(resolution.source == .none)
        #expect(resolution.participants.isEmpty)
        #expect(!resolution.repair.isNeeded)
    }

    @Test("signed out: everybody is Archer N")
    func signedOut() throws {
        let names = try resolve([], ["u1", "u2"], user: nil).participants.map(\.displayName)
        #expect(names == ["Archer 1", "Archer 2"])
    }

    @Test("no result carries the current user's email")
    func privacy() throws {
        let user = CurrentUser(uid: "u1", displayName: nil, email: "robin@example.com")
        let resolution = try resolve([], ["u1", "u2"], user: user)
        let text = "\(resolution)"
        #expect(!text.contains("robin@example.com"))
        #expect(!text.contains("example.com"))
        #expect(resolution.participants[0].displayName == "robin")
    }

    @Test("IDs that cannot be document IDs are refused with their position", arguments: [
        ("a/b", 1), (".", 1), ("..", 1), ("__id__", 1), (String(repeating: "x", count: 1501), 1),
    ])
    func invalidParticipantIDs(id: String, position: Int) {
        #expect(throws: ParticipantError.invalidParticipantID(position: position, reason: DocumentID.problem(with: id) ?? "")) {
            try resolve([], ["u1", id])
        }
    }

    @Test("the tournament ID must be a document ID")
    func invalidTournamentID() {
        #expect(throws: ParticipantError.self) { try resolve([], ["u1"], tournamentId: "") }
        #expect(throws: ParticipantError.self) { try resolve([], ["u1"], tournamentId: "t/1") }
    }
}

@Suite("DocumentID")
struct DocumentIDTests {
    @Test("valid IDs", arguments: ["t1", "a.b", "...", "_x_", "__", "___", "é", ".\u{301}", "x..", String(repeating: "x", count: 1500)])
    func valid(id: String) {
        #expect(DocumentID.problem(with: id) == nil)
    }

    @Test("invalid IDs", arguments: ["", "/", "a/b", ".", "..", "__x__", "____", "__\u{301}x__", String(repeating: "é", count: 751)])
    func invalid(id: String) {
        #expect(DocumentID.problem(with: id) != nil)
    }

    @Test("a slash is found at every position of IDs of 1 to 40 bytes, and none is seen in IDs without one")
    func slashAtEveryPosition() {
        for length in 1...40 {
            let plain = (0..<length).map { index in Character(Unicode.Scalar(UInt8(ascii: "a") + UInt8(index % 26))) }
            #expect(DocumentID.problem(with: String(plain)) == nil)
            for position in 0..<length {
                var id = plain
                id[position] = "/"
                #expect(DocumentID.problem(with: String(id)) == "A document ID cannot contain '/'.", "\(String(id))")
            }
        }
    }
}
