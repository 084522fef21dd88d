@_spi(Wire) import TournamentCore
import TournamentCoreJSON

/// Arrows and rounds kept as the domain's values, for the methods that keep them (a leaderboard
/// entry's arrows, a compared setup's rounds), read with the generated decoders.
enum ArrowCoding {
    /// An array of arrows.
    static func arrows(_ document: JSONDocument, _ node: Int) throws(WireError) -> [Arrow] {
        var reader = DocumentReader(document, at: node)
        var hints = JSONKeyTable.KeysByPosition()
        var arrows = CollectedArrows<Int>()
        try reader.readArray { (reader: inout DocumentReader) throws(WireError) in
            let arrow = try Requests.Arrow<Int>.read(&reader, hints: &hints)
            try reader.add(arrow, to: &arrows)
        }
        return arrows.arrows
    }

    /// An array of rounds: `{"id":"r1","date":epoch ms,"arrows":[...]}` (`id` optional).
    static func rounds(_ document: JSONDocument, _ node: Int) throws(WireError) -> [Round] {
        var reader = DocumentReader(document, at: node)
        var hints = JSONKeyTable.KeysByPosition()
        var rounds: [Round] = []
        try reader.readArray { (reader: inout DocumentReader) throws(WireError) in
            var arrows = CollectedArrows<Int>()
            let round = try Requests.Round<Int>.read(&reader, hints: &hints, arrows: &arrows)
            rounds.append(Round(id: round.id.map { document.string($0) }, date: round.date, arrows: arrows.arrows))
        }
        return rounds
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
        let range = try fields.value(timeRange).map { node throws(WireError) in
            var reader = DocumentReader(fields.document, at: node)
            return try reader.choice(Requests.TimeRange.self)
        }
        filter = RoundFilter(timeRange: range, startDate: nil, now: try fields.now(now))
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
