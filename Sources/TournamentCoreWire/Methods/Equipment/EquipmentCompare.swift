import TournamentCore
import TournamentCoreJSON

/// `equipment.compare`: two setups side by side with deltas B − A and their display
/// (``EquipmentComparison``), each setup's rounds tallied as they are read (``TalliedRounds``)
/// unless it gives precomputed figures.
enum EquipmentCompareMethod: CursorReadingWireMethod {
    static func respond(to request: Int, in document: JSONDocument, into writer: inout JSONWriter) throws(WireError) {
        var reader = DocumentReader(document, at: request)
        var roundsA = TalliedRounds<Int>()
        var roundsB = TalliedRounds<Int>()
        let read = try Requests.EquipmentCompareRequest<Int>.read(&reader, setupARounds: &roundsA, setupBRounds: &roundsB)
        do throws(CompareRefusal) {
            let (comparison, filter) = try compare(read, roundsA.tallies, roundsB.tallies, reader)
            write(comparison, filter, into: &writer)
        } catch {
            throw error.wireError(in: document, at: request)
        }
    }

    /// The same request read by a cursor, with the same decoder (a refusal is the document
    /// path's error).
    static func respond(reading request: JSONCursor, into writer: inout JSONWriter) -> Bool {
        var reader = CursorReader(request)
        var roundsA = TalliedRounds<CursorText>()
        var roundsB = TalliedRounds<CursorText>()
        guard let request = try? Requests.EquipmentCompareRequest<CursorText>.read(
                  &reader, setupARounds: &roundsA, setupBRounds: &roundsB),
              reader.finish()
        else { return false }
        guard let (comparison, filter) = try? compare(request, roundsA.tallies, roundsB.tallies, reader) else { return false }
        write(comparison, filter, into: &writer)
        return true
    }

    /// The comparison of the two setups read, and the rounds it covers.
    private static func compare<Reader: RequestReader>(
        _ request: Requests.EquipmentCompareRequest<Reader.Text>, _ roundsA: RoundTallies, _ roundsB: RoundTallies, _ reader: Reader
    ) throws(CompareRefusal) -> (EquipmentComparison, RoundFilter) {
        let filter = RoundFilter(timeRange: request.timeRange, startDate: request.startDate, now: request.now)
        let a = try side(request.setupA, roundsA, filter, reader, "setupA")
        let b = try side(request.setupB, roundsB, filter, reader, "setupB")
        do throws(EquipmentError) {
            return (try EquipmentComparison(a, b), filter)
        } catch {
            throw .equipment(error)
        }
    }

    /// Writes the result (one copy, for both paths).
    @inline(never)
    private static func write(_ comparison: EquipmentComparison, _ filter: RoundFilter, into writer: inout JSONWriter) {
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
        writer.memberRun { members in
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
        filter.write(into: &writer)
        writer.endObject()
    }

    /// A setup from its tallied rounds, or from precomputed `stats` (absent or null: no data)
    /// and `drift` when it gives either (the decoder refuses both with rounds). A precomputed
    /// `setupId` must be the setup's.
    private static func side<Reader: RequestReader>(
        _ setup: Requests.SetupInput<Reader.Text>, _ rounds: RoundTallies, _ filter: RoundFilter,
        _ reader: Reader, _ key: StaticString
    ) throws(CompareRefusal) -> ComparedSetup {
        let bow = BowSetup(id: setup.id, name: setup.name.map { reader.string($0) } ?? "")
        guard setup.stats != nil || setup.drift != nil else {
            do throws(EquipmentError) {
                return ComparedSetup(
                    setup: bow, stats: try rounds.stats(setupId: setup.id, filter: filter),
                    drift: rounds.drift(setupId: setup.id, filter: filter))
            } catch {
                throw .equipment(error)
            }
        }
        if let given = setup.stats?.setupId, given != setup.id {
            throw .otherSetupID(given, expected: setup.id, setup: key, figures: "stats")
        }
        if let given = setup.drift?.setupId, given != setup.id {
            throw .otherSetupID(given, expected: setup.id, setup: key, figures: "drift")
        }
        return ComparedSetup(
            setup: bow,
            stats: setup.stats.map { StatsCoding.stats($0, setupId: setup.id) },
            drift: setup.drift.map { StatsCoding.drift($0, setupId: setup.id) })
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

/// Why `equipment.compare` refuses a request its decoder read: a rule of the domain, or
/// precomputed figures of another setup.
private enum CompareRefusal: Error {
    case equipment(EquipmentError)
    /// The figures (`stats` or `drift`) of a setup (`setupA` or `setupB`) give a `setupId` that
    /// is not the setup's.
    case otherSetupID(Int64, expected: Int64, setup: StaticString, figures: StaticString)

    /// The error response, at the `setupId` given when it is one (found in the document: the
    /// decoder keeps values, not where they are).
    @_optimize(size)  // an error's path: not worth the library's size that speed would take
    func wireError(in document: JSONDocument, at request: Int) -> WireError {
        switch self {
        case .equipment(let error):
            return error.wireError
        case .otherSetupID(let given, let expected, let setup, let figures):
            let node = document.member(setup, of: request)
                .flatMap { document.member(figures, of: $0) }
                .flatMap { document.member("setupId", of: $0) }
            return WireError(.invalidRequest, "Expected the setup's id \(expected), found \(given).", location: node.map { .node($0) })
        }
    }
}
