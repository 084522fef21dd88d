@_spi(Wire) import TournamentCore
import TournamentCoreJSON

/// JSON of arrows and rounds.
enum ArrowCoding {
    private typealias ArrowField = Members.Arrow

    private typealias RoundField = Members.Round

    /// `{"score":0…10,"isX":false,"x":…,"y":…}`, an element of the array of `arrows`;
    /// errors point at the offending member.
    private static func arrow(_ document: JSONDocument, _ node: Int, of arrows: inout ArrayObjects<ArrowField>) throws(WireError) -> Arrow {
        let fields = try arrows.fields(document, node)
        let score = try document.int(at: fields.required(.score), in: 0...10)
        let isX = try fields.bool(.isX) ?? false
        let x = try fields.double(.x)
        let y = try fields.double(.y)
        do throws(ArrowError) {
            return try Arrow(score: score, isX: isX, x: x, y: y)
        } catch {
            let field: ArrowField = switch error {
            case .scoreOutOfRange: .score
            case .xWithoutTen: .isX
            case .coordinateOutOfRange(let axis): axis == .x ? .x : .y
            }
            throw invalid(error, at: fields.raw(field) ?? node)
        }
    }

    /// The error response of an arrow's refusal (out of line: its message is not the reading's
    /// business, and inlined it took stack space in every arrow's decoding).
    @inline(never)
    private static func invalid(_ error: ArrowError, at node: Int) -> WireError {
        .invalid(error.description, at: node)
    }

    /// An array of arrows.
    static func arrows(_ document: JSONDocument, _ node: Int) throws(WireError) -> [Arrow] {
        var arrows = ArrayObjects<ArrowField>()
        return try document.map(array: node) { element throws(WireError) in try arrow(document, element, of: &arrows) }
    }

    /// An array of rounds: `{"id":"r1","date":epoch ms,"arrows":[...]}` (`id` optional).
    static func rounds(_ document: JSONDocument, _ node: Int) throws(WireError) -> [Round] {
        try document.map(array: node) { element throws(WireError) in
            let fields = try ObjectFields<RoundField>(document, element)
            return Round(
                id: try fields.string(.id),
                date: try document.int64(at: fields.required(.date), in: Timestamps.range),
                arrows: try arrows(document, fields.required(.arrows)))
        }
    }

    // MARK: Read by a cursor

    /// The array of rounds under the cursor, read as ``rounds(_:_:)`` reads it from a document,
    /// tallied as it is read (``RoundTallies``: no arrow is kept); nil when the cursor declined
    /// (anything that path would refuse, or read otherwise).
    @inline(always)  // into the method's reading, whose cursor then stays in registers
    static func tallies(_ cursor: inout JSONCursor) -> RoundTallies? {
        var tallies = RoundTallies()
        var hints = JSONCursor.MemberPrefixes()  // of the arrows' keys, which every round repeats
        guard cursor.enterArray() else { return nil }
        while cursor.enterNextObject() {
            var seen: UInt64 = 0
            var date: Int64?
            var hasArrows = false
            while let field = cursor.nextField(RoundField.self, seen: &seen) {
                switch field {
                case .id: _ = cursor.optional { $0.string() }  // read (a string or null), not counted
                case .date: date = cursor.int64(in: Timestamps.range)
                case .arrows:
                    hasArrows = true
                    arrows(&cursor, into: &tallies, hints: &hints)
                }
            }
            guard !cursor.declined, let date, hasArrows else {
                cursor.decline()
                return nil
            }
            tallies.endRound(date: date)
        }
        return cursor.declined ? nil : tallies
    }

    /// Adds the arrows of the array under the cursor to the round `tallies` is reading, as
    /// ``arrows(_:_:)`` reads them; declines anything else.
    @inline(always)
    private static func arrows(_ cursor: inout JSONCursor, into tallies: inout RoundTallies, hints: inout JSONCursor.MemberPrefixes) {
        guard cursor.enterArray() else { return }
        while cursor.enterNextObject() {
            var seen: UInt64 = 0
            var position = 0
            // Absent is -1 for the score and NaN for a coordinate (no number reads as NaN): no
            // optional's flag to keep beside each, in a loop short of registers.
            var score: Int64 = -1
            var isX = false
            var x = Double.nan
            var y = Double.nan
            while let field = cursor.nextField(ArrowField.self, seen: &seen, at: position, hints: &hints) {
                position &+= 1
                switch field {
                case .score: score = cursor.int64(in: 0...10) ?? -1
                case .isX: isX = cursor.optional { $0.bool() } ?? false
                case .x: x = cursor.optional { $0.double() } ?? .nan
                case .y: y = cursor.optional { $0.double() } ?? .nan
                }
            }
            guard !cursor.declined, tallies.add(score: Int(score), isX: isX, x: x, y: y) else {
                cursor.decline()
                return
            }
        }
    }
}

/// The rounds a request covers: `timeRange` (default `thirtyDays`) or `startDate`, with `now`.
struct RoundSelection {
    let filter: RoundFilter

    /// Reads `timeRange`, `startDate` and `now` from a request's fields. A `now` given with a
    /// `startDate` is not used, and is still checked: a wrong value is an error wherever it is.
    @inline(__always)  // takes the fields in place (see ObjectFields)
    init<Field>(_ fields: ObjectFields<Field>, timeRange: Field, startDate: Field, now: Field) throws(WireError) {
        let start = try fields.int64(startDate, in: Timestamps.range)
        if let start {
            if let node = fields.value(timeRange) {
                throw .invalid("Give either timeRange or startDate, not both.", at: node)
            }
            _ = try fields.int64(now, in: Timestamps.range)
            filter = .since(start)
            return
        }
        let range = try fields.value(timeRange).map { node throws(WireError) in try Self.range(fields.document, node) }
        filter = .range(range ?? .default, now: try fields.now(now))
    }

    private static func range(_ document: JSONDocument, _ node: Int) throws(WireError) -> AnalyticsTimeRange {
        let name = try document.string(at: node)
        guard let range = AnalyticsTimeRange(rawValue: name) else {
            let names = AnalyticsTimeRange.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
            throw .invalid("Expected one of \(names), found \(document.quote(node)).", at: node)
        }
        return range
    }

    /// `{"id","label","startTimestamp"}`: a named range, or `custom` for a `startDate`.
    func write(into writer: inout JSONWriter) {
        writer.beginObject()
        switch filter {
        case .range(let range, _):
            writer.field("id", range.name)
            writer.field("label", range.labelText)
        case .since:
            writer.field("id", "custom")
            writer.field("label", "Custom")
        }
        writer.field("startTimestamp", filter.startTimestamp)
        writer.endObject()
    }
}

extension EquipmentError {
    /// The error response of an equipment refusal.
    var wireError: WireError {
        switch self {
        case .overflow:
            WireError(.invalidRequest, "A total is too large to compute.")
        case .sameSetup:
            WireError(ErrorCode(rawValue: "SAME_SETUP"), "Choose two different setups to compare.")
        case .duplicateSetupID:
            WireError(.invalidRequest, "Setup IDs must be unique.")
        }
    }
}
