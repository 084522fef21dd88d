import Testing
import TestFiles
import TournamentCore

@Suite("LibraryVersion")
struct LibraryVersionTests {
    @Test("the version string is MAJOR.MINOR.PATCH of the components")
    func versionString() {
        #expect(LibraryVersion.string == "\(LibraryVersion.major).\(LibraryVersion.minor).\(LibraryVersion.patch)")
        #expect(LibraryVersion.abiVersion == 1)
        #expect(LibraryVersion.name == "TournamentCore")
    }

    @Test("the version is the C header's TC_VERSION_STRING, the one source of the version")
    func versionIsTheHeaders() throws {
        let header = try #require(repositoryFile("include/tournament_core.h"))
        let line = header.split(separator: "\n").first { $0.hasPrefix("#define TC_VERSION_STRING ") }
        #expect(line.map(String.init) == "#define TC_VERSION_STRING \"\(LibraryVersion.string)\"")
    }
}
