import Testing
@_spi(Wire) @testable import TournamentCore

@Suite("RoundTallies")
struct RoundTalliesTests {
    @Test("an arrow that would overflow its round's score or arrow count is refused by either way of adding it, and nothing of it is counted")
    func overflowRefused() throws {
        var tallies = RoundTallies()
        tallies.current.score = Int64.max - 5
        let before = tallies.current
        let tenAdded = tallies.add(score: 10, isX: true, x: 0.5, y: 0.5)
        #expect(!tenAdded)
        #expect(tallies.current == before && tallies.impacts.isEmpty)
        let ten = try Arrow(score: 10, isX: true, x: 0.5, y: 0.5)
        do throws(EquipmentError) {
            try tallies.add(ten)
            Issue.record("an overflowing arrow was added")
        } catch {
            #expect(error == .overflow)
        }
        #expect(tallies.current == before && tallies.impacts.isEmpty)
        let fiveAdded = tallies.add(score: 5, isX: false, x: .nan, y: .nan)  // exactly Int64.max
        #expect(fiveAdded && tallies.current.score == Int64.max && tallies.current.arrows == 1)
        tallies.current = ArrowTally()
        tallies.current.arrows = Int64.max
        let missAdded = tallies.add(score: 0, isX: false, x: .nan, y: .nan)
        #expect(!missAdded && tallies.current.arrows == Int64.max && tallies.current.score == 0)
    }
}
