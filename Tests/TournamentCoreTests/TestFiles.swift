#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The repository's root folder.
let repositoryRoot: String = {
    var path = #filePath
    for _ in 0..<3 {
        path = String(path[..<(path.lastIndex(of: "/") ?? path.startIndex)])
    }
    return path
}()

/// The text of a file of the repository (nil when it cannot be read).
func repositoryFile(_ relativePath: String) -> String? {
    guard let file = fopen(repositoryRoot + "/" + relativePath, "rb") else { return nil }
    defer { fclose(file) }
    var data: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 65536)
    while true {
        let count = chunk.withUnsafeMutableBytes { fread($0.baseAddress, 1, $0.count, file) }
        data.append(contentsOf: chunk[0..<count])
        if count < chunk.count { return String(decoding: data, as: UTF8.self) }
    }
}
