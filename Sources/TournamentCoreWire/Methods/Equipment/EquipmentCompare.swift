import TournamentCore
import TournamentCoreJSON

/// `equipment.compare`: two setups side by side with deltas B − A and their display
/// (``EquipmentComparison``).
enum EquipmentCompareMethod: WireMethod {
    private typealias Field = Members.EquipmentCompareRequest

    private typealias SetupField = Members.SetupInput

    static func respond(to request: Int, in document: JSONDocument, into writer: inout JSONWriter) throws(WireError) {
        let fields = try ObjectFields<Field>(document, request)
        let selection = try RoundSelection(fields, timeRange: .timeRange, startDate: .startDate, now: .now)
        let a = try side(document, fields.required(.setupA), selection.filter)
        let b = try side(document, fields.required(.setupB), selection.filter)
        let comparison: EquipmentComparison
        do throws(EquipmentError) {
            comparison = try EquipmentComparison(a, b)
        } catch {
            throw error.wireError
        }
        writer.beginObject()
        writer.field("setupAName", text: comparison.setupAName)
        writer.field("setupBName", text: comparison.setupBName)
        writer.key("setupAStats")
        StatsCoding.write(comparison.setupAStats, into: &writer)
        writer.key("setupBStats")
        StatsCoding.write(comparison.setupBStats, into: &writer)
        writer.key("setupADrift")
        StatsCoding.write(comparison.setupADrift, into: &writer)
        writer.key("setupBDrift")
        StatsCoding.write(comparison.setupBDrift, into: &writer)
        // Members written in line, not in `object` closures: a closure would capture (copy)
        // the whole comparison.
        writer.key("deltas")
        writer.beginObject()
        writer.numberMembers { members in
            members.field("averageScore", comparison.deltas.averageScore)
            members.field("accuracy", comparison.deltas.accuracy)
            members.field("consistency", comparison.deltas.consistency)
            members.field("arrowCount", comparison.deltas.arrowCount)
        }
        writer.endObject()
        writer.key("display")
        writer.beginObject()
        write(comparison.display.averageScore, as: "averageScore", into: &writer)
        write(comparison.display.accuracy, as: "accuracy", into: &writer)
        write(comparison.display.consistency, as: "consistency", into: &writer)
        write(comparison.display.arrowCount, as: "arrowCount", into: &writer)
        writer.endObject()
        writer.key("timeRange")
        selection.write(into: &writer)
        writer.endObject()
    }

    /// A setup with raw `rounds`, or with precomputed `stats` (null: no data) and `drift`.
    private static func side(_ document: JSONDocument, _ node: Int, _ filter: RoundFilter) throws(WireError) -> ComparedSetup {
        let fields = try ObjectFields<SetupField>(document, node)
        let setup = BowSetup(id: try document.int64(at: fields.required(.id)), name: try fields.string(.name) ?? "")
        if let rounds = fields.value(.rounds) {
            if let precomputed = fields.raw(.stats) ?? fields.raw(.drift) {
                throw .invalid("Give either rounds or precomputed stats and drift, not both.", at: precomputed)
            }
            let rounds = try ArrowCoding.rounds(document, rounds)
            do throws(EquipmentError) {
                return try ComparedSetup(setup: setup, rounds: rounds, filter: filter)
            } catch {
                throw error.wireError
            }
        }
        return ComparedSetup(
            setup: setup,
            stats: try fields.value(.stats).map { node throws(WireError) in try StatsCoding.stats(document, node, setupId: setup.id) },
            drift: try fields.value(.drift).map { node throws(WireError) in try StatsCoding.drift(document, node, setupId: setup.id) })
    }

    private static func write(_ display: DeltaDisplay, as key: StaticString, into writer: inout JSONWriter) {
        writer.key(key)
        writer.beginObject()
        display.withUTF8Text { writer.field("text", utf8: $0) }  // formatted on the stack, no String
        writer.field("trend", display.trend.name)
        writer.field("color", display.color.name)
        writer.endObject()
    }
}

extension DeltaDisplay.Trend {
    /// The raw value as static text: written as is, without making a `String` first.
    var name: StaticString {
        switch self {
        case .up: "up"
        case .down: "down"
        case .flat: "flat"
        }
    }
}

extension DeltaDisplay.Color {
    /// The raw value as static text: written as is, without making a `String` first.
    var name: StaticString {
        switch self {
        case .green: "green"
        case .red: "red"
        case .gray: "gray"
        }
    }
}
