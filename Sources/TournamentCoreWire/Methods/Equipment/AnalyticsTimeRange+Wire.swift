import TournamentCore

extension AnalyticsTimeRange {
    /// The raw value as static text: written as is, without making a `String` first.
    var name: StaticString {
        switch self {
        case .sevenDays: "sevenDays"
        case .thirtyDays: "thirtyDays"
        case .ninetyDays: "ninetyDays"
        case .oneYear: "oneYear"
        case .allTime: "allTime"
        }
    }
}
