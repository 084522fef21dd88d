import Testing
import TournamentCore

@Suite("RepairRegistry")
struct RepairRegistryTests {
    @Test("begin acquires once until end releases")
    func beginEnd() {
        let registry = RepairRegistry()
        #expect(registry.begin(tournamentId: "t1"))
        #expect(!registry.begin(tournamentId: "t1"))
        #expect(registry.begin(tournamentId: "t2"))
        #expect(registry.count == 2)
        #expect(registry.end(tournamentId: "t1"))
        #expect(!registry.end(tournamentId: "t1"))
        #expect(registry.begin(tournamentId: "t1"))
        #expect(registry.end(tournamentId: "t1"))
        #expect(registry.end(tournamentId: "t2"))
        #expect(registry.count == 0)
    }

    @Test("canonically equivalent tournament IDs are two tournaments: compared byte for byte")
    func idsByBytes() {
        let registry = RepairRegistry()
        #expect(registry.begin(tournamentId: "\u{E9}"))
        #expect(registry.begin(tournamentId: "e\u{301}"))
        #expect(registry.count == 2)
        #expect(registry.end(tournamentId: "e\u{301}"))
        #expect(!registry.end(tournamentId: "e\u{301}"))
        #expect(registry.end(tournamentId: "\u{E9}"))
    }

    @Test("of many tasks racing on one tournament exactly one acquires")
    func race() async {
        let registry = RepairRegistry()
        for _ in 0..<200 {
            let acquired = await withTaskGroup(of: Bool.self) { group in
                for _ in 0..<16 {
                    group.addTask { registry.begin(tournamentId: "t") }
                }
                return await group.reduce(0) { $0 + ($1 ? 1 : 0) }
            }
            #expect(acquired == 1)
            #expect(registry.end(tournamentId: "t"))
        }
        #expect(registry.count == 0)
    }
}
