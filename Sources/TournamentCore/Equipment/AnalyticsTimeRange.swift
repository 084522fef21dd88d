/// The time-range filter of the analytics screens.
public enum AnalyticsTimeRange: String, Sendable, Hashable, CaseIterable {
    case sevenDays, thirtyDays, ninetyDays, oneYear, allTime

    /// The range the screens start with.
    public static let `default` = AnalyticsTimeRange.thirtyDays
    /// Milliseconds in a day.
    public static let dayMilliseconds: Int64 = 86_400_000

    /// `7 Days`, `30 Days`, `90 Days`, `1 Year`, `All Time`.
    public var label: String { labelText.description }

    /// ``label`` as static text (ASCII, nothing to escape), which a writer copies as it is.
    public var labelText: StaticString {
        switch self {
        case .sevenDays: "7 Days"
        case .thirtyDays: "30 Days"
        case .ninetyDays: "90 Days"
        case .oneYear: "1 Year"
        case .allTime: "All Time"
        }
    }

    /// The length in days; nil for ``allTime``.
    public var days: Int? {
        switch self {
        case .sevenDays: 7
        case .thirtyDays: 30
        case .ninetyDays: 90
        case .oneYear: 365
        case .allTime: nil
        }
    }

    /// The first millisecond inside the range: `now − days × 86 400 000`; nil for ``allTime``
    /// (no lower bound). Clamped to `Int64.min` rather than overflowing.
    public func startTimestamp(now: Int64) -> Int64? {
        guard let days else { return nil }
        let (start, overflow) = now.subtractingReportingOverflow(Int64(days) * Self.dayMilliseconds)
        return overflow ? .min : start
    }
}

/// Which rounds a statistic covers: a named range, or every round since a given time.
public enum RoundFilter: Sendable, Hashable {
    /// A range of ``AnalyticsTimeRange`` ending at `now`.
    case range(AnalyticsTimeRange, now: Int64)
    /// Rounds on or after this time (epoch milliseconds).
    case since(Int64)

    /// The first millisecond counted, or nil for no bound.
    public var startTimestamp: Int64? {
        switch self {
        case .range(let range, let now): range.startTimestamp(now: now)
        case .since(let start): start
        }
    }

    /// Whether a round shot at `date` counts (the start is inclusive).
    public func includes(_ date: Int64) -> Bool {
        startTimestamp.map { date >= $0 } ?? true
    }
}
