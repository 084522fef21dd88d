import Testing
import TournamentCore
@testable import TournamentCoreWire

@Suite("equipment.compare on the wire")
struct DeltaDisplayWireTests {
    @Test("a delta display's trend and colour names are their raw values")
    func deltaDisplayNames() {
        for trend in [DeltaDisplay.Trend.up, .down, .flat] {
            #expect(trend.name.description == trend.rawValue)
        }
        for color in [DeltaDisplay.Color.green, .red, .gray] {
            #expect(color.name.description == color.rawValue)
        }
    }
}
