@_spi(Wire) import TournamentCore
import TournamentCoreJSON

extension Requests.TournamentDocument {
    /// The domain value, with the defaults of the apps' parser for absent (or null) members.
    func tournament<Reader: RequestReader>(by reader: Reader) -> Tournament where Reader.Text == Text {
        Tournament(
            id: reader.string(id), name: name.map { reader.string($0) } ?? "", location: location.map { reader.string($0) } ?? "",
            status: status.map { reader.withBytes(of: $0, TournamentStatus.init(parsingUTF8:)) } ?? .open,
            isPublic: `public` ?? false,
            // Within the apps' Int32 (the schema's range): exact as an Int on every platform.
            currentParticipants: currentParticipants.map { Int(truncatingIfNeeded: $0) } ?? 0,
            maxParticipants: maxParticipants.map { Int(truncatingIfNeeded: $0) } ?? 0)
    }
}
