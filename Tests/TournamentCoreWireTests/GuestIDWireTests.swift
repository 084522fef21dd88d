import Testing
import TournamentCore
@testable import TournamentCoreWire

/// The IDs of a `guests.generateId` response.
private func generatedIDs(_ request: String) throws -> [String] {
    let response = call("guests.generateId", request)
    let prefix = #"{"ok":true,"result":{"ids":["#
    try #require(response.hasPrefix(prefix) && response.hasSuffix("]}}"), "\(response.prefix(200))")
    let list = response.dropFirst(prefix.count).dropLast(3)
    return list.split(separator: ",").map { String($0.dropFirst().dropLast()) }
}

@Suite("guests.generateId through the wire")
struct GuestIDWireTests {
    @Test("without count: one ID")
    func single() throws {
        let ids = try generatedIDs("{}")
        #expect(ids.count == 1)
        #expect(ids.allSatisfy(GuestID.isValid))
    }

    @Test("count 10000: that many valid, distinct IDs")
    func batch() throws {
        let ids = try generatedIDs(#"{"count":10000}"#)
        #expect(ids.count == 10_000)
        #expect(Set(ids).count == 10_000)
        #expect(ids.allSatisfy(GuestID.isValid))
    }

    @Test("two calls differ")
    func fresh() throws {
        #expect(try generatedIDs(#"{"count":5}"#) != generatedIDs(#"{"count":5}"#))
    }
}
