import TournamentCore
import TournamentCoreJSON

/// `equipment.stats`: performance and drift statistics of one setup from its arrows
/// (``SetupStats``, ``DriftStats``).
enum EquipmentStats: WireMethod {
    static let name: StaticString = "equipment.stats"

    private typealias Field = Members.EquipmentStatsRequest

    static func respond(to request: Int, in document: JSONDocument, into writer: inout JSONWriter) throws(WireError) {
        let fields = try ObjectFields<Field>(document, request)
        let setupId = try document.int64(at: fields.required(.setupId))
        let rounds = try ArrowCoding.rounds(document, fields.required(.rounds))
        let selection = try RoundSelection(fields, timeRange: .timeRange, startDate: .startDate, now: .now)
        let stats: SetupStats
        do throws(EquipmentError) {
            stats = try SetupStats(setupId: setupId, rounds: rounds, filter: selection.filter)
        } catch {
            throw error.wireError
        }
        writer.beginObject()
        writer.key("stats")
        StatsCoding.write(stats, into: &writer)
        writer.key("drift")
        StatsCoding.write(DriftStats(setupId: setupId, rounds: rounds, filter: selection.filter), into: &writer)
        writer.endObject()
    }
}
