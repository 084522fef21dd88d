import TournamentCore

extension RoundFilter {
    /// The rounds a request covers: those since `startDate` when given, else those of
    /// `timeRange` (default `thirtyDays`) ending at `now` (default: the clock). (The request's
    /// decoder refuses both `timeRange` and `startDate`: `x-exclusive`.)
    init(timeRange: Requests.TimeRange?, startDate: Int64?, now: Int64?) {
        if let startDate {
            self = .since(startDate)
            return
        }
        let range: AnalyticsTimeRange =
            switch timeRange {
            case .sevenDays: .sevenDays
            case nil, .thirtyDays: .thirtyDays
            case .ninetyDays: .ninetyDays
            case .oneYear: .oneYear
            case .allTime: .allTime
            }
        self = .range(range, now: now ?? Timestamps.now())
    }
}
