import Testing
@testable import TournamentCore

private let robin = CurrentUser(uid: "u1", displayName: "Robin", email: "robin@example.com")

@Suite("ParticipantDisplayName")
struct ParticipantDisplayNameTests {
    @Test("the current user is shown by their display name")
    func currentUserDisplayName() {
        #expect(ParticipantDisplayName.resolve(participantId: "u1", index: 4, currentUser: robin) == "Robin")
    }

    @Test("the current user is the participant whose ID has the uid's bytes, not a canonically equivalent one")
    func currentUserByBytes() {
        let user = CurrentUser(uid: "e\u{301}", displayName: "Me")
        #expect(ParticipantDisplayName.resolve(participantId: "e\u{301}", index: 0, currentUser: user) == "Me")
        #expect(ParticipantDisplayName.resolve(participantId: "\u{E9}", index: 0, currentUser: user) == "Archer 1")
    }

    @Test("placeholders are Archer and a positive integer without leading zeros, exactly")
    func placeholders() {
        for name in ["Archer 1", "Archer 9", "Archer 10", "Archer 100", "Archer 9223372036854775808", "Archer 123456789012345678901234567890"] {
            #expect(ParticipantDisplayName.isPlaceholder(name), "\(name)")
        }
        for name in ["Archer", "Archer ", "Archer 0", "Archer 01", "Archer -1", "Archer 1 ", " Archer 1", "archer 1", "Archer  1",
                     "Archer 1a", "Archer\u{A0}1", "Archer \u{0661}", "Robin", "", "Archer 1\u{301}"] {
            #expect(!ParticipantDisplayName.isPlaceholder(name), "\(name.debugDescription)")
        }
        for index: Int64 in [0, 1, 99, 100, 12345, .max] {
            #expect(ParticipantDisplayName.isPlaceholder(ParticipantDisplayName.placeholder(index: index)))
        }
    }

    @Test("a blank or missing display name falls back to the email prefix", arguments: [nil, "", " ", "\t\n", "\u{3000}"] as [String?])
    func emailPrefix(displayName: String?) {
        let user = CurrentUser(uid: "u1", displayName: displayName, email: "robin.hood@example.com")
        #expect(ParticipantDisplayName.resolve(participantId: "u1", index: 0, currentUser: user) == "robin.hood")
    }

    @Test("the prefix ends at the first @; an email without @ is used whole")
    func emailShapes() {
        func name(_ email: String?) -> String {
            ParticipantDisplayName.resolve(participantId: "u1", index: 2, currentUser: CurrentUser(uid: "u1", email: email))
        }
        #expect(name("a@b@c") == "a")
        #expect(name("no-at-sign") == "no-at-sign")
        #expect(name("@example.com") == "Archer 3")  // empty prefix falls through
        #expect(name("  @example.com") == "Archer 3")  // blank prefix falls through
        #expect(name("") == "Archer 3")
        #expect(name(nil) == "Archer 3")
        #expect(name("ü@x") == "ü")
    }

    @Test("the local part is cut at the first @ character, ASCII or not, as Swift's characters say")
    func localPartByCharacters() {
        for email in ["robin@example.com", "a@b@c", "no-at-sign", "@x", "", "ü@x", "r\u{301}obin@x", "a@\u{301}b@c", "ab\r\n@c"] {
            #expect(ParticipantDisplayName.localPart(of: email) == String(email.prefix { $0 != "@" }), "\(email.debugDescription)")
        }
        // "@" followed by a combining mark is another character: not where the part ends.
        #expect(ParticipantDisplayName.localPart(of: "a@\u{301}b@c") == "a@\u{301}b")
    }

    @Test("the current user with neither name nor email is Archer N")
    func currentUserWithoutProfile() {
        #expect(ParticipantDisplayName.resolve(participantId: "u1", index: 0, currentUser: CurrentUser(uid: "u1")) == "Archer 1")
    }

    @Test("everybody else is Archer N, never their name or email")
    func otherParticipants() {
        #expect(ParticipantDisplayName.resolve(participantId: "u2", index: 1, currentUser: robin) == "Archer 2")
        #expect(ParticipantDisplayName.resolve(participantId: "u2", index: 0, currentUser: nil) == "Archer 1")
        // A uid that differs only in case or spacing is somebody else.
        #expect(ParticipantDisplayName.resolve(participantId: "U1", index: 0, currentUser: robin) == "Archer 1")
        #expect(ParticipantDisplayName.resolve(participantId: "u1 ", index: 0, currentUser: robin) == "Archer 1")
    }

    @Test("index boundaries: N = index + 1 without overflow", arguments: [
        (0, "Archer 1"), (1, "Archer 2"), (9, "Archer 10"), (99, "Archer 100"), (100, "Archer 101"),
        (Int64.max - 1, "Archer 9223372036854775807"), (Int64.max, "Archer 9223372036854775808"),
        (-1, "Archer 0"), (-2, "Archer -1"), (Int64.min, "Archer -9223372036854775807"),
    ] as [(Int64, String)])
    func indexBoundaries(index: Int64, expected: String) {
        #expect(ParticipantDisplayName.placeholder(index: index) == expected)
        #expect(ParticipantDisplayName.resolve(participantId: "x", index: index, currentUser: robin) == expected)
    }
}
