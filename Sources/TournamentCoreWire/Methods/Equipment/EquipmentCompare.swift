import TournamentCore

/// `equipment.compare`: two setups side by side with deltas B − A and their display
/// (``EquipmentComparison``).
enum EquipmentCompare: WireMethod {
    static let name: StaticString = "equipment.compare"

    private enum Field: String, RequestFields {
        case setupA, setupB, timeRange, startDate, now
        static let table = FieldTable<Self>()
    }

    private enum SetupField: String, RequestFields {
        case id, name, rounds, stats, drift
        static let table = FieldTable<Self>()
    }

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
        writer.field("setupAName", comparison.setupAName)
        writer.field("setupBName", comparison.setupBName)
        writer.key("setupAStats")
        StatsCoding.write(comparison.setupAStats, into: &writer)
        writer.key("setupBStats")
        StatsCoding.write(comparison.setupBStats, into: &writer)
        writer.key("setupADrift")
        StatsCoding.write(comparison.setupADrift, into: &writer)
        writer.key("setupBDrift")
        StatsCoding.write(comparison.setupBDrift, into: &writer)
        writer.object("deltas") { deltas in
            deltas.field("averageScore", comparison.deltas.averageScore)
            deltas.field("accuracy", comparison.deltas.accuracy)
            deltas.field("consistency", comparison.deltas.consistency)
            deltas.field("arrowCount", comparison.deltas.arrowCount)
        }
        writer.object("display") { display in
            write(comparison.display.averageScore, as: "averageScore", into: &display)
            write(comparison.display.accuracy, as: "accuracy", into: &display)
            write(comparison.display.consistency, as: "consistency", into: &display)
            write(comparison.display.arrowCount, as: "arrowCount", into: &display)
        }
        writer.key("timeRange")
        selection.write(into: &writer)
        writer.endObject()
    }

    /// A setup with raw `rounds`, or with precomputed `stats` (null: no data) and `drift`.
    private static func side(_ document: JSONDocument, _ node: Int, _ filter: RoundFilter) throws(WireError) -> ComparedSetup {
        let fields = try ObjectFields<SetupField>(document, node)
        let setup = BowSetup(id: Int64(try document.int(at: fields.required(.id))), name: try fields.string(.name) ?? "")
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
        writer.object(key) { object in
            object.field("text", display.text)
            object.field("trend", display.trend.rawValue)
            object.field("color", display.color.rawValue)
        }
    }
}
