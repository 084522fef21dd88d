import TournamentCore
import TournamentCoreJSON

/// `equipment.selection`: the setup picker's rules (``EquipmentSelection``).
enum EquipmentSelectionMethod: WireMethod {
    private typealias Field = Members.EquipmentSelectionRequest

    private typealias SetupField = Members.SetupOption

    static func respond(to request: Int, in document: JSONDocument, into writer: inout JSONWriter) throws(WireError) {
        let fields = try ObjectFields<Field>(document, request)
        let elements = try fields.requiredArray(.setups)
        var setups: [BowSetup] = []
        var nodes: [Int] = []
        var unknown: [UnknownMembers] = []
        setups.reserveCapacity(elements.count)
        nodes.reserveCapacity(elements.count)
        unknown.reserveCapacity(elements.count)
        for element in elements {
            let setup = try ObjectFields<SetupField>(document, element)
            setups.append(BowSetup(id: try document.int64(at: setup.required(.id)), name: try setup.string(.name) ?? ""))
            nodes.append(element)
            unknown.append(setup.unknownMembers)
        }
        let setupAId = try fields.int64(.setupAId)
        let setupBId = try fields.int64(.setupBId)
        let selection: EquipmentSelection
        do throws(EquipmentError) {
            selection = try EquipmentSelection(setups: setups, setupAId: setupAId, setupBId: setupBId)
        } catch {
            guard case .duplicateSetupID(let position) = error else { throw error.wireError }
            throw .invalid("Setup IDs must be unique; \(setups[position].id) is repeated.", at: nodes[position])
        }
        func writeSetups(_ positions: [Int], into writer: inout JSONWriter) {
            writer.beginArray()
            for position in positions {
                writer.beginObject()
                writer.field("id", setups[position].id)
                writer.field("name", text: setups[position].displayName)
                writer.write(unknown[position], from: document)
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
