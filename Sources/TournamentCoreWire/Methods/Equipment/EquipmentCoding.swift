@_spi(Wire) import TournamentCore
import TournamentCoreJSON

extension RoundFilter {
    /// `{"id","label","startTimestamp"}`: a named range, or `custom` for a `startDate`.
    func write(into writer: inout JSONWriter) {
        writer.beginObject()
        switch self {
        case .range(let range, _):
            writer.field("id", range.name)
            writer.field("label", range.labelText)
        case .since:
            writer.field("id", "custom")
            writer.field("label", "Custom")
        }
        writer.field("startTimestamp", startTimestamp)
        writer.endObject()
    }
}

extension EquipmentError {
    /// The error response of an equipment refusal.
    var wireError: WireError {
        switch self {
        case .overflow:
            WireError(.invalidRequest, "A total is too large to compute.")
        case .sameSetup:
            WireError(ErrorCode(rawValue: "SAME_SETUP"), "Choose two different setups to compare.")
        case .duplicateSetupID:
            WireError(.invalidRequest, "Setup IDs must be unique.")
        }
    }
}
