/// A proleptic Gregorian calendar date, and conversions between dates and days since the epoch
/// (Howard Hinnant's algorithms: exact, no tables).
///
/// Days are clamped to ±``dayLimit`` (about ±25 million years) and years likewise, so that no
/// input, however extreme, makes the arithmetic overflow.
public struct CivilDate: Sendable, Hashable, Comparable {
    public var year: Int
    /// 1…12.
    public var month: Int
    /// 1…31.
    public var day: Int

    /// Creates a date (not validated: see ``isValid``).
    public init(year: Int, month: Int, day: Int) {
        self.year = year
        self.month = month
        self.day = day
    }

    /// The largest magnitude of days since the epoch handled exactly.
    public static let dayLimit: Int64 = 9_000_000_000

    /// The date `days` days after 1970-01-01 (clamped to ±``dayLimit``).
    public init(daysSinceEpoch days: Int64) {
        let z = min(max(days, -Self.dayLimit), Self.dayLimit) + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shiftedMonth = (5 * dayOfYear + 2) / 153
        day = Int(dayOfYear - (153 * shiftedMonth + 2) / 5 + 1)
        month = Int(shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9)
        year = Int(yearOfEra + era * 400) + (month <= 2 ? 1 : 0)
    }

    /// Days from 1970-01-01 to this date (years clamped to ±24 million, months to 1…12, days to
    /// 1…31).
    public var daysSinceEpoch: Int64 {
        let month = min(max(self.month, 1), 12)
        let day = min(max(self.day, 1), 31)
        let year = Int64(min(max(self.year, -24_000_000), 24_000_000))
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let shiftedMonth = Int64(month > 2 ? month - 3 : month + 9)
        let dayOfYear = (153 * shiftedMonth + 2) / 5 + Int64(day) - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// 0 for Sunday … 6 for Saturday.
    public var weekday: Int { Self.weekday(daysSinceEpoch: daysSinceEpoch) }

    /// The ``weekday`` of the date `days` days after 1970-01-01 (a Thursday).
    static func weekday(daysSinceEpoch days: Int64) -> Int {
        Int(days >= -4 ? (days + 4) % 7 : (days + 5) % 7 + 6)
    }

    /// Whether the month and day exist in the year.
    public var isValid: Bool {
        (1...12).contains(month) && day >= 1 && day <= Self.daysIn(month: month, year: year)
    }

    public static func isLeap(_ year: Int) -> Bool {
        year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
    }

    public static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: isLeap(year) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    public static func < (lhs: CivilDate, rhs: CivilDate) -> Bool {
        (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
    }
}
