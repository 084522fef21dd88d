import TournamentCore
import TournamentCoreJSON

/// `participants.repairBegin`: claim the in-flight repair of one tournament in this process
/// (``RepairRegistry/shared``). Request `{"tournamentId"}`, result `{"acquired":true|false}`.
enum ParticipantsRepairBeginMethod: WireMethod {
    static func respond(to request: Int, in document: JSONDocument, into writer: inout JSONWriter) throws(WireError) {
        try RepairRequest<Members.ParticipantsRepairBeginRequest>.respond(to: request, in: document, into: &writer, resultKey: "acquired") {
            RepairRegistry.shared.begin(tournamentId: $0)
        }
    }
}

/// `participants.repairEnd`: release that claim. Request `{"tournamentId"}`, result
/// `{"released":true|false}`.
enum ParticipantsRepairEndMethod: WireMethod {
    static func respond(to request: Int, in document: JSONDocument, into writer: inout JSONWriter) throws(WireError) {
        try RepairRequest<Members.ParticipantsRepairEndRequest>.respond(to: request, in: document, into: &writer, resultKey: "released") {
            RepairRegistry.shared.end(tournamentId: $0)
        }
    }
}

/// The fields of a registry method's request: `tournamentId`, in each method's own enum (whose
/// key table that method's first call makes: `LazyGlobalPreparation`).
private protocol RepairRequestFields: RequestFields {
    static var tournamentId: Self { get }
}

extension Members.ParticipantsRepairBeginRequest: RepairRequestFields {}
extension Members.ParticipantsRepairEndRequest: RepairRequestFields {}

/// The shared shape of the two registry methods.
private enum RepairRequest<Field: RepairRequestFields> {

    /// Reads `tournamentId` — a valid document ID, so the registry holds at most 1,500 bytes per
    /// repair in flight — applies `action` to it and writes `{"<resultKey>":<its result>}`.
    static func respond(
        to request: Int, in document: JSONDocument, into writer: inout JSONWriter,
        resultKey: StaticString, action: (String) -> Bool
    ) throws(WireError) {
        let fields = try ObjectFields<Field>(document, request)
        let node = try fields.required(Field.tournamentId)
        let id = try document.string(at: node)
        if let reason = DocumentID.problem(with: id) { throw .invalid(reason, at: node) }
        let result = action(id)
        writer.beginObject()
        writer.field(resultKey, result)
        writer.endObject()
    }
}
