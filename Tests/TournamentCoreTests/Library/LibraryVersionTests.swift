import Testing
import TournamentCore

@Suite("LibraryVersion")
struct LibraryVersionTests {
    @Test("the version string is MAJOR.MINOR.PATCH of the components")
    func versionString() {
        #expect(LibraryVersion.string == "\(LibraryVersion.major).\(LibraryVersion.minor).\(LibraryVersion.patch)")
        #expect(LibraryVersion.string == "0.1.0")
        #expect(LibraryVersion.abiVersion == 1)
        #expect(LibraryVersion.name == "TournamentCore")
    }
}
