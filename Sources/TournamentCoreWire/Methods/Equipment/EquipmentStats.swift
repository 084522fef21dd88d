import TournamentCore
import TournamentCoreJSON

/// `equipment.stats`: performance and drift statistics of one setup from its arrows
/// (``SetupStats``, ``DriftStats``).
enum EquipmentStatsMethod: CursorReadingWireMethod {
    private typealias Field = Members.EquipmentStatsRequest

    static func respond(to request: Int, in document: JSONDocument, into writer: inout JSONWriter) throws(WireError) {
        let fields = try ObjectFields<Field>(document, request)
        let setupId = try document.int64(at: fields.required(.setupId))
        let rounds = try ArrowCoding.rounds(document, fields.required(.rounds))
        let selection = try RoundSelection(fields, timeRange: .timeRange, startDate: .startDate, now: .now)
        do throws(EquipmentError) {
            try answer(setupId: setupId, rounds: rounds, filter: selection.filter, into: &writer)
        } catch {
            throw error.wireError
        }
    }

    /// The same request read by a cursor: what the document path reads, the same way; anything
    /// else (an unknown or repeated member, `timeRange` with `startDate`, every error) is left
    /// to the document path (false).
    static func respond(reading request: JSONCursor, into writer: inout JSONWriter) -> Bool {
        var cursor = request
        guard cursor.enterObject() else { return false }
        var seen: UInt64 = 0
        var setupId: Int64?
        var rounds: RoundTallies?
        var timeRange: AnalyticsTimeRange?
        var startDate: Int64?
        var now: Int64?
        while let field = cursor.nextField(Field.self, seen: &seen) {
            switch field {
            case .setupId: setupId = cursor.int64()
            case .rounds: rounds = ArrowCoding.tallies(&cursor)
            case .timeRange:
                if let name = cursor.optional({ $0.string() }) {
                    timeRange = Self.timeRange(named: name)
                    if timeRange == nil { cursor.decline() }
                }
            case .startDate: startDate = cursor.optional { $0.int64(in: Timestamps.range) }
            case .now: now = cursor.optional { $0.int64(in: Timestamps.range) }
            }
        }
        guard cursor.finish(), let setupId, let rounds else { return false }
        let filter: RoundFilter
        if let startDate {
            guard timeRange == nil else { return false }
            filter = .since(startDate)
        } else {
            filter = .range(timeRange ?? .default, now: now ?? Timestamps.now())
        }
        do throws(EquipmentError) {
            let stats = try rounds.stats(setupId: setupId, filter: filter)
            write(stats, rounds.drift(setupId: setupId, filter: filter), into: &writer)
        } catch {
            return false
        }
        return true
    }

    /// The time range whose name (``AnalyticsTimeRange``'s raw value, as the contract spells it)
    /// is `name`. Compared as bytes: no `String` is made for it.
    private static func timeRange(named name: UnsafeBufferPointer<UInt8>) -> AnalyticsTimeRange? {
        spells(name, "thirtyDays") ? .thirtyDays : spells(name, "sevenDays") ? .sevenDays : spells(name, "ninetyDays") ? .ninetyDays
            : spells(name, "oneYear") ? .oneYear : spells(name, "allTime") ? .allTime : nil
    }

    /// Writes the statistics of `rounds`; throws before writing anything.
    private static func answer(setupId: Int64, rounds: [Round], filter: RoundFilter, into writer: inout JSONWriter) throws(EquipmentError) {
        let stats = try SetupStats(setupId: setupId, rounds: rounds, filter: filter)
        write(stats, DriftStats(setupId: setupId, rounds: rounds, filter: filter), into: &writer)
    }

    /// Writes the result: the statistics and the drift (null when no arrow has coordinates).
    private static func write(_ stats: SetupStats, _ drift: DriftStats?, into writer: inout JSONWriter) {
        writer.beginObject()
        writer.key("stats")
        StatsCoding.write(stats, into: &writer)
        writer.key("drift")
        StatsCoding.write(drift, into: &writer)
        writer.endObject()
    }
}
