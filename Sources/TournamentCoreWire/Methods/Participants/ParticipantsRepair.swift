import TournamentCore
import TournamentCoreJSON

/// `participants.repairBegin`: claim the in-flight repair of one tournament in this process
/// (``RepairRegistry/shared``). Request `{"tournamentId"}`, result `{"acquired":true|false}`.
///
/// `tournamentId` is a valid document ID (its decoder checks it), so the registry holds at most
/// 1,500 bytes per repair in flight.
enum ParticipantsRepairBeginMethod: WireMethod {
    static func respond(to request: Int, in document: JSONDocument, into writer: inout JSONWriter) throws(WireError) {
        var reader = DocumentReader(document, at: request)
        let id = try Requests.ParticipantsRepairBeginRequest<Int>.read(&reader).tournamentId
        writer.beginObject()
        writer.field("acquired", RepairRegistry.shared.begin(tournamentId: reader.string(id)))
        writer.endObject()
    }
}

/// `participants.repairEnd`: release that claim. Request `{"tournamentId"}`, result
/// `{"released":true|false}`.
enum ParticipantsRepairEndMethod: WireMethod {
    static func respond(to request: Int, in document: JSONDocument, into writer: inout JSONWriter) throws(WireError) {
        var reader = DocumentReader(document, at: request)
        let id = try Requests.ParticipantsRepairEndRequest<Int>.read(&reader).tournamentId
        writer.beginObject()
        writer.field("released", RepairRegistry.shared.end(tournamentId: reader.string(id)))
        writer.endObject()
    }
}
