import TournamentCore
import TournamentCoreJSON

/// `equipment.selection`: the setup picker's rules (``EquipmentSelection``).
enum EquipmentSelectionMethod: WireMethod {
    static func respond(to request: Int, in document: JSONDocument, into writer: inout JSONWriter) throws(WireError) {
        var reader = DocumentReader(document, at: request, keepsUnknownMembers: true)
        let read = try Requests.EquipmentSelectionRequest<Int>.read(&reader)
        let setups = read.setups.map { BowSetup(id: $0.id, name: $0.name.map { reader.string($0) } ?? "") }
        let selection: EquipmentSelection
        do throws(EquipmentError) {
            selection = try EquipmentSelection(setups: setups, setupAId: read.setupAId, setupBId: read.setupBId)
        } catch {
            guard case .duplicateSetupID(let position) = error else { throw error.wireError }
            // At the repeated setup, found in the document (the decoder keeps values).
            let node = document.member("setups", of: request).flatMap { document.element(position, of: $0) }
            throw WireError(.invalidRequest, "Setup IDs must be unique; \(setups[position].id) is repeated.", location: node.map { .node($0) })
        }
        func writeSetups(_ positions: [Int], into writer: inout JSONWriter) {
            writer.beginArray()
            for position in positions {
                writer.beginObject()
                writer.field("id", setups[position].id)
                writer.field("name", text: setups[position].displayName)
                reader.writeUnknownMembers(read.setups[position].unknownMembers, into: &writer)
                writer.endObject()
            }
            writer.endArray()
        }
        writer.beginObject()
        writer.key("setups")
        writeSetups(selection.order, into: &writer)
        writer.key("availableForB")
        writeSetups(selection.availableForB, into: &writer)
        writer.field("setupAId", selection.setupAId)
        writer.field("setupBId", selection.setupBId)
        writer.field("canCompare", selection.canCompare)
        writer.endObject()
    }
}
