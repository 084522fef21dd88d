#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
@testable import TournamentCoreWire

/// The repository's root folder.
let repositoryRoot: String = {
    var path = #filePath
    for _ in 0..<3 {
        path = String(path[..<(path.lastIndex(of: "/") ?? path.startIndex)])
    }
    return path
}()

/// Reads a whole file (nil when it cannot be read).
func readFile(_ path: String) -> [UInt8]? {
    guard let file = fopen(path, "rb") else { return nil }
    defer { fclose(file) }
    var data: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 65536)
    while true {
        let count = chunk.withUnsafeMutableBytes { fread($0.baseAddress, 1, $0.count, file) }
        data.append(contentsOf: chunk[0..<count])
        if count < chunk.count { return data }
    }
}

/// The names of the entries of a folder, sorted.
func listFolder(_ path: String) -> [String] {
    guard let directory = opendir(path) else { return [] }
    defer { closedir(directory) }
    var names: [String] = []
    while let entry = readdir(directory) {
        let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
            String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
        }
        if name != "." && name != ".." { names.append(name) }
    }
    return names.sorted()
}

/// Parses `text`, returning the tape or the syntax error.
func parse(_ text: [UInt8]) -> Result<[JSONNode], JSONSyntaxError> {
    text.withUnsafeBufferPointer { bytes in
        Result { () throws(JSONSyntaxError) in try JSONParser.parse(bytes) { Array($0.nodes) } }
    }
}

/// Parses `bytes` and runs `body` on the document (which must not escape it).
func withDocument<R>(_ bytes: UnsafeBufferPointer<UInt8>, _ body: (JSONDocument) throws -> R) throws -> R {
    try JSONDocument.parse(bytes) { document in Result { try body(document) } }.get()
}

func parse(_ text: String) -> Result<[JSONNode], JSONSyntaxError> {
    parse(Array(text.utf8))
}

/// The response of `method` to `request`, as text.
func call(_ method: String, _ request: String) -> String {
    String(decoding: Wire.call(method: method, request: Array(request.utf8)), as: UTF8.self)
}

/// The `"code"` of an error envelope, or "ok".
func responseCode(_ response: [UInt8]) -> String {
    let text = String(decoding: response, as: UTF8.self)
    if text.hasPrefix("{\"ok\":true,") { return "ok" }
    let prefix = "{\"ok\":false,\"error\":{\"code\":\""
    guard text.hasPrefix(prefix) else { return "malformed: \(text)" }
    return String(text.dropFirst(prefix.count).prefix { $0 != "\"" })
}
