#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// Files of the repository for the test targets (golden files, JSONTestSuite, seeds).

/// The repository's root folder.
public let repositoryRoot: String = {
    var path = #filePath
    for _ in 0..<3 {
        path = String(path[..<(path.lastIndex(of: "/") ?? path.startIndex)])
    }
    return path
}()

/// Reads a whole file (nil when it cannot be read).
public func readFile(_ path: String) -> [UInt8]? {
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

/// The text of a file of the repository, by its path from the root (nil when it cannot be read).
public func repositoryFile(_ relativePath: String) -> String? {
    readFile(repositoryRoot + "/" + relativePath).map { String(decoding: $0, as: UTF8.self) }
}

/// The names of the entries of a folder, sorted.
public func listFolder(_ path: String) -> [String] {
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
