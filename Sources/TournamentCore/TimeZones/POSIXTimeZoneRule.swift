/// A POSIX TZ rule such as `GMT0BST,M3.5.0/1,M10.5.0`: the rule a zone follows after the last
/// transition of its history (the footer of a TZif file, RFC 8536 §3.3).
struct POSIXTimeZoneRule: Sendable, Hashable {
    /// UTC offset of standard time, seconds east.
    var standardOffset: Int
    /// Daylight saving time, if the zone has it.
    var daylight: Daylight?

    struct Daylight: Sendable, Hashable {
        /// UTC offset of daylight saving time, seconds east.
        var offset: Int
        /// When it starts, in local standard time.
        var start: Transition
        /// When it ends, in local daylight saving time.
        var end: Transition
    }

    /// A yearly transition: a day of the year and a time of that day.
    struct Transition: Sendable, Hashable {
        var date: DateRule
        /// Seconds after local midnight; may be negative or past 24 hours (RFC 8536 allows
        /// −167…167 hours).
        var time: Int
    }

    enum DateRule: Sendable, Hashable {
        /// `Jn`: day 1…365 of the year, February 29 never counted.
        case julian(Int)
        /// `n`: day 0…365 of the year, February 29 counted.
        case zeroBased(Int)
        /// `Mm.w.d`: weekday d (0 Sunday) of week w (1…5, 5 the last) of month m.
        case monthWeekDay(month: Int, week: Int, weekday: Int)

        /// Days since the epoch of this rule's day in `year`.
        func day(in year: Int) -> Int64 {
            var january1: Int64 { CivilDate(year: year, month: 1, day: 1).daysSinceEpoch }
            switch self {
            case .julian(let n):
                let leapShift = CivilDate.isLeap(year) && n >= 60 ? 1 : 0
                return january1 + Int64(n - 1 + leapShift)
            case .zeroBased(let n):
                return january1 + Int64(n)
            case .monthWeekDay(let month, let week, let weekday):
                // From the month's first day, counted once: its weekday, then days after it.
                let first = CivilDate(year: year, month: month, day: 1).daysSinceEpoch
                var day = 1 + (weekday - CivilDate.weekday(daysSinceEpoch: first) + 7) % 7 + (week - 1) * 7
                let length = CivilDate.daysIn(month: month, year: year)
                while day > length { day -= 7 }
                return first + Int64(day - 1)
            }
        }
    }

    /// The offset in force at `instant` (seconds since the epoch, UTC).
    func offset(at instant: Int64) -> Int {
        var transitions: YearTransitions?
        return offset(at: instant, remembering: &transitions)
    }

    /// ``offset(at:)``, with the transitions it compares `instant` with kept in `transitions`
    /// and used again while instants fall in the same year (they are the same then).
    func offset(at instant: Int64, remembering transitions: inout YearTransitions?) -> Int {
        guard let daylight else { return standardOffset }
        // Far beyond any calendar in use the answer no longer matters; clamping keeps every
        // product below 2^63 (instants within ±30 million years).
        let limit: Int64 = 1 << 50
        let instant = min(max(instant, -limit), limit)
        let year = CivilDate(daysSinceEpoch: Self.floorDivide(instant + Int64(standardOffset), 86_400)).year
        if transitions?.year != year {
            transitions = YearTransitions(year: year, rule: self, daylight: daylight)
        }
        return transitions?.isDaylight(at: instant) == true ? daylight.offset : standardOffset
    }

    /// The starts and ends of daylight saving time over the three years around one year: the
    /// latest at or before an instant of that year says which offset is in force (three years,
    /// so that rules whose transitions cross a new year are right).
    struct YearTransitions: Sendable {
        /// The year (of the standard-time calendar) whose instants these answer for.
        let year: Int
        /// The starts of the year before, the year and the year after, then their ends.
        private let starts: (Int64, Int64, Int64)
        private let ends: (Int64, Int64, Int64)

        init(year: Int, rule: POSIXTimeZoneRule, daylight: Daylight) {
            self.year = year
            func start(_ year: Int) -> Int64 {
                daylight.start.date.day(in: year) * 86_400 + Int64(daylight.start.time) - Int64(rule.standardOffset)
            }
            func end(_ year: Int) -> Int64 {
                daylight.end.date.day(in: year) * 86_400 + Int64(daylight.end.time) - Int64(daylight.offset)
            }
            starts = (start(year - 1), start(year), start(year + 1))
            ends = (end(year - 1), end(year), end(year + 1))
        }

        /// Whether the latest transition at or before `instant` starts daylight saving time (a
        /// start and an end at the same instant: the end, considered last, wins).
        func isDaylight(at instant: Int64) -> Bool {
            var latest: (time: Int64, isDaylight: Bool)?
            func consider(_ time: Int64, isDaylight: Bool) {
                guard time <= instant else { return }
                if latest.map({ time >= $0.time }) ?? true { latest = (time, isDaylight) }
            }
            consider(starts.0, isDaylight: true)
            consider(ends.0, isDaylight: false)
            consider(starts.1, isDaylight: true)
            consider(ends.1, isDaylight: false)
            consider(starts.2, isDaylight: true)
            consider(ends.2, isDaylight: false)
            return latest?.isDaylight == true
        }
    }

    static func floorDivide(_ value: Int64, _ divisor: Int64) -> Int64 {
        let quotient = value / divisor
        return value % divisor < 0 ? quotient - 1 : quotient
    }
}

extension POSIXTimeZoneRule {
    /// Parses a TZ string; nil when it is not one (or is empty).
    init?(parsing text: String) {
        var parser = Parser(bytes: Array(text.utf8))
        guard parser.skipName(), let standard = parser.offset() else { return nil }
        standardOffset = -standard
        if parser.atEnd {
            daylight = nil
            return
        }
        guard parser.skipName() else { return nil }
        let daylightOffset = parser.peekOffsetStart() ? parser.offset().map { -$0 } : standardOffset + 3600
        guard let daylightOffset, parser.consume(UInt8(ascii: ",")),
              let start = parser.transition(), parser.consume(UInt8(ascii: ",")),
              let end = parser.transition(), parser.atEnd
        else { return nil }
        daylight = Daylight(offset: daylightOffset, start: start, end: end)
    }

    private struct Parser {
        let bytes: [UInt8]
        var position = 0

        var atEnd: Bool { position == bytes.count }

        mutating func consume(_ byte: UInt8) -> Bool {
            guard position < bytes.count, bytes[position] == byte else { return false }
            position += 1
            return true
        }

        /// `EST` (3 or more letters) or `<+0330>` (quoted).
        mutating func skipName() -> Bool {
            if consume(UInt8(ascii: "<")) {
                while position < bytes.count, bytes[position] != UInt8(ascii: ">") { position += 1 }
                return consume(UInt8(ascii: ">"))
            }
            let start = position
            while position < bytes.count, (bytes[position] | 0x20) >= UInt8(ascii: "a"), (bytes[position] | 0x20) <= UInt8(ascii: "z") {
                position += 1
            }
            return position - start >= 3
        }

        func peekOffsetStart() -> Bool {
            guard position < bytes.count else { return false }
            let byte = bytes[position]
            return byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-") || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
        }

        /// `[+-]hh[:mm[:ss]]` in seconds (hours up to 167).
        mutating func offset() -> Int? {
            var sign = 1
            if consume(UInt8(ascii: "-")) { sign = -1 } else { _ = consume(UInt8(ascii: "+")) }
            guard let hours = number(maxDigits: 3), hours <= 167 else { return nil }
            var seconds = hours * 3600
            if consume(UInt8(ascii: ":")) {
                guard let minutes = number(maxDigits: 2), minutes < 60 else { return nil }
                seconds += minutes * 60
                if consume(UInt8(ascii: ":")) {
                    guard let secs = number(maxDigits: 2), secs < 60 else { return nil }
                    seconds += secs
                }
            }
            return sign * seconds
        }

        mutating func number(maxDigits: Int) -> Int? {
            var value = 0
            var digits = 0
            while digits < maxDigits, position < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[position]) {
                value = value * 10 + Int(bytes[position] - UInt8(ascii: "0"))
                position += 1
                digits += 1
            }
            return digits > 0 ? value : nil
        }

        /// `date[/time]`, time default 02:00.
        mutating func transition() -> Transition? {
            let date: DateRule
            if consume(UInt8(ascii: "M")) {
                guard let month = number(maxDigits: 2), (1...12).contains(month), consume(UInt8(ascii: ".")),
                      let week = number(maxDigits: 1), (1...5).contains(week), consume(UInt8(ascii: ".")),
                      let weekday = number(maxDigits: 1), weekday <= 6
                else { return nil }
                date = .monthWeekDay(month: month, week: week, weekday: weekday)
            } else if consume(UInt8(ascii: "J")) {
                guard let day = number(maxDigits: 3), (1...365).contains(day) else { return nil }
                date = .julian(day)
            } else {
                guard let day = number(maxDigits: 3), day <= 365 else { return nil }
                date = .zeroBased(day)
            }
            var time = 7200
            if consume(UInt8(ascii: "/")) {
                guard let given = offset() else { return nil }
                time = given
            }
            return Transition(date: date, time: time)
        }
    }
}
