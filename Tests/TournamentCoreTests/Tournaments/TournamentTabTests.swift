import Testing
import TournamentCore

@Suite("TournamentTab")
struct TournamentTabTests {
    @Test("index 0 is active, 1 completed, any other all", arguments: [
        (0, TournamentTab.active), (1, .completed), (2, .all), (-1, .all), (Int.max, .all), (Int.min, .all),
    ])
    func fromIndex(index: Int, expected: TournamentTab) {
        #expect(TournamentTab(index: index) == expected)
    }

    @Test("active lists OPEN and IN_PROGRESS, completed lists COMPLETED, CANCELLED only under all")
    func membership() {
        #expect(TournamentStatus.allCases.filter(TournamentTab.active.includes) == [.open, .inProgress])
        #expect(TournamentStatus.allCases.filter(TournamentTab.completed.includes) == [.completed])
        #expect(TournamentStatus.allCases.filter(TournamentTab.all.includes) == TournamentStatus.allCases)
    }
}
