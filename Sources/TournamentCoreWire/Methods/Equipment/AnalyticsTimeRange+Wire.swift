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

    /// ``label`` as static text.
    var labelText: StaticString {
        switch self {
        case .sevenDays: "7 Days"
        case .thirtyDays: "30 Days"
        case .ninetyDays: "90 Days"
        case .oneYear: "1 Year"
        case .allTime: "All Time"
        }
    }
}
