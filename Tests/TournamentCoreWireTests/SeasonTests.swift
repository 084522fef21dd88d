import Testing
import TestFiles
@testable import TournamentCoreWire

/// The `matches` array of the bundled season, as JSON text.
private let seasonMatches: [UInt8]? = {
    guard let file = readFile(repositoryRoot + "/Examples/data/premier-league-2024-25.json") else { return nil }
    return file.withUnsafeBufferPointer { bytes -> [UInt8]? in
        try? withDocument(bytes) { document -> [UInt8]? in
            guard let key = document.keys(document.root).first(where: { document.string($0) == "matches" }) else { return nil }
            return Array(document.sourceText(key + 1))
        } ?? nil
    }
}()

@Suite("A full season through matches.sections")
struct SeasonTests {
    @Test("380 matches in ascending date sections, each by kick-off then id, in London and New York time",
          arguments: ["Europe/London", "America/New_York", "Asia/Tokyo"])
    func season(timeZone: String) throws {
        let matches = try #require(seasonMatches, "Examples/data/premier-league-2024-25.json")
        let request = Array("{\"timeZone\":\"\(timeZone)\",\"matches\":".utf8) + matches + Array("}".utf8)
        let response = Wire.call(method: "matches.sections", request: request)
        try response.withUnsafeBufferPointer { bytes in
            try withDocument(bytes) { document in
                func member(_ object: Int, _ name: String) -> Int? {
                    document.keys(object).first { document.string($0) == name }.map { $0 + 1 }
                }
                let result = try #require(member(document.root, "result"), "\(String(decoding: response.prefix(300), as: UTF8.self))")
                let sections = try #require(member(result, "sections"))
                var total = 0
                var previousDate = ""
                for section in document.elements(sections) {
                    let date = document.string(try #require(member(section, "date")))
                    let title = document.string(try #require(member(section, "title")))
                    #expect(date > previousDate, "sections out of order at \(date)")
                    let parts = date.split(separator: "-")
                    #expect(title == "\(parts[1])/\(parts[2])/\(parts[0])")
                    previousDate = date
                    var previous: (String, Int)?
                    for view in document.elements(try #require(member(section, "matches"))) {
                        let kickoff = document.string(try #require(member(view, "utcDate")))
                        let idNode = try #require(member(view, "id"))
                        let id = try #require(document.int64(idNode))
                        let key = (kickoff, Int(id))
                        if let previous { #expect(previous < key, "matches out of order in \(title)") }
                        previous = key
                        #expect(document.string(try #require(member(view, "dateText"))) == "\(parts[1])/\(parts[2])")
                        total += 1
                    }
                }
                #expect(total == 380)
                let counts = try #require(member(result, "counts"))
                let all = try #require(member(counts, "all"))
                #expect(document.int64(all) == 380)
            }
        }
    }
}
