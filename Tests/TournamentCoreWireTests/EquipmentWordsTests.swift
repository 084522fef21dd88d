import Testing
import TournamentCore
@testable import TournamentCoreWire

@Suite("Equipment words on the wire")
struct EquipmentWordsTests {
    @Test("a delta display's trend and colour names are their raw values")
    func deltaDisplayNames() {
        for trend in [DeltaDisplay.Trend.up, .down, .flat] {
            #expect(trend.name.description == trend.rawValue)
        }
        for color in [DeltaDisplay.Color.green, .red, .gray] {
            #expect(color.name.description == color.rawValue)
        }
    }

    @Test("a time range's static name and label are its raw value and label")
    func timeRangeNames() {
        for range in AnalyticsTimeRange.allCases {
            #expect(range.name.description == range.rawValue)
            #expect(range.labelText.description == range.label)
        }
    }
}
