import TournamentCore
import TournamentCoreJSON

/// `equipment.stats`: performance and drift statistics of one setup from its arrows
/// (``SetupStats``, ``DriftStats``), the rounds tallied as they are read (``TalliedRounds``).
enum EquipmentStatsMethod: CursorReadingWireMethod {
    static func respond(to request: Int, in document: JSONDocument, into writer: inout JSONWriter) throws(WireError) {
        var reader = DocumentReader(document, at: request)
        var rounds = TalliedRounds<Int>()
        let request = try Requests.EquipmentStatsRequest<Int>.read(&reader, rounds: &rounds)
        do throws(EquipmentError) {
            try answer(request, rounds.tallies, into: &writer)
        } catch {
            throw error.wireError
        }
    }

    /// The same request read by a cursor, with the same decoder (a total that overflows is the
    /// document path's error).
    static func respond(reading request: JSONCursor, into writer: inout JSONWriter) -> Bool {
        var reader = CursorReader(request)
        var rounds = TalliedRounds<CursorText>()
        guard let request = try? Requests.EquipmentStatsRequest<CursorText>.read(&reader, rounds: &rounds), reader.finish() else {
            return false
        }
        do throws(EquipmentError) {
            try answer(request, rounds.tallies, into: &writer)
        } catch {
            return false
        }
        return true
    }

    /// Writes the result: the statistics and the drift (null when no arrow has coordinates);
    /// throws before writing anything.
    private static func answer<Text>(_ request: Requests.EquipmentStatsRequest<Text>, _ tallies: RoundTallies, into writer: inout JSONWriter) throws(EquipmentError) {
        let filter = RoundFilter(timeRange: request.timeRange, startDate: request.startDate, now: request.now)
        let stats = try tallies.stats(setupId: request.setupId, filter: filter)
        writer.beginObject()
        writer.key("stats")
        StatsCoding.write(stats, into: &writer)
        writer.key("drift")
        StatsCoding.write(tallies.drift(setupId: request.setupId, filter: filter), into: &writer)
        writer.endObject()
    }
}
