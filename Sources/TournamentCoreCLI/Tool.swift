#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Android)
import Android
#elseif canImport(Darwin)
import Darwin
#elseif canImport(TCEmbeddedLibc)
import TCEmbeddedLibc  // the Embedded Swift builds' C library module (embedded/include)

/// Embedded Swift's C module cannot import `errno`, a macro over a function.
var errno: Int32 { tc_errno() }
#endif
import TournamentCoreC
import TournamentCoreJSON

// tournament-core: call any method of the library from the shell (its command line and exit
// status: `usage`; a usage error is an unknown option, a missing method or an unreadable file).
//
// The tool calls the library through its C interface (`TournamentCoreC`, the header), as every
// other host does: Embedded Swift compiles into a module everything it reaches of the modules it
// imports, so a tool calling the wire layer would compile the whole library a second time.

let usage = """
    usage: tournament-core <method> [request-file | -] [--pretty]
           tournament-core --list | --version | --help

    Calls a TournamentCore method with the JSON request read from the file, or from standard
    input when the file is '-' or absent, and prints the response envelope.
      --pretty   indent the response for reading
      --list     print the method names, one per line
      --version  print the library version
    Exit status: 0 for an "ok":true response, 1 for an error response, 2 for a usage error.

    """

func emit(_ bytes: [UInt8], to descriptor: Int32 = STDOUT_FILENO) {
    var offset = 0
    while offset < bytes.count {
        let written = bytes[offset...].withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        if written < 0 && errno == EINTR { continue }
        guard written > 0 else { return }
        offset += written
    }
}

/// Ends with a usage error: the message, then the usage when the command line itself was wrong.
func fail(_ message: String, showingUsage: Bool = true) -> Never {
    emit(Array("tournament-core: \(message)\n\(showingUsage ? usage : "")".utf8), to: STDERR_FILENO)
    exit(2)
}

/// The system's reason for a failed call, from the `errno` it left (`strerror`).
func reason(_ code: Int32) -> String {
    guard let text = strerror(code) else { return "error \(code)" }
    return String(cString: text)
}

/// `open(path, O_RDONLY)`: a file descriptor, or -1 and `errno`.
func openForReading(_ path: String) -> Int32 {
    #if canImport(TCEmbeddedLibc)
    tc_open_for_reading(path)  // (Embedded Swift does not import variadic C functions)
    #else
    open(path, O_RDONLY)
    #endif
}

/// Reads a whole file, stopping one byte past the request size limit (the library then answers
/// REQUEST_TOO_LARGE).
func readAll(_ descriptor: Int32) -> [UInt8]? {
    var data: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 65536)
    while data.count <= JSONLimits.maxRequestBytes {
        let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        if count < 0 && errno == EINTR { continue }
        if count < 0 { return nil }
        if count == 0 { break }
        data.append(contentsOf: chunk[0..<count])
    }
    return data
}

/// The library's response envelope to `request` (`tc_call_n`), or nil when it answered NULL
/// (memory could not be allocated).
func call(_ method: String, _ request: [UInt8]) -> [UInt8]? {
    var length = 0
    let response = request.withUnsafeBufferPointer { bytes in
        bytes.withMemoryRebound(to: CChar.self) { tc_call_n(method, $0.baseAddress, $0.count, &length) }
    }
    guard let response else { return nil }
    defer { tc_string_free(response) }
    return Array(UnsafeRawBufferPointer(start: response, count: length))
}

/// The method names, in `library.info`'s order (its `result.methods`).
func methodNames() -> [String]? {
    guard let response = call("library.info", Array("{}".utf8)) else { return nil }
    return response.withUnsafeBufferPointer { bytes in
        try? JSONDocument.parse(bytes) { document -> [String]? in
            guard let result = document.member("result", of: document.root),
                  let methods = document.member("methods", of: result),
                  document.kind(methods) == .array else { return nil }
            return document.elements(methods).map { document.string($0) }
        }
    }
}

extension JSONDocument {
    /// The value node of `object`'s member named `name`, if `object` is an object that has one.
    func member(_ name: String, of object: Int) -> Int? {
        guard kind(object) == .object else { return nil }
        return keys(object).first { string($0) == name }.map { $0 + 1 }
    }
}

/// Runs the tool with its command-line `arguments` (the program name left out).
func run(arguments: [String]) -> Never {
    var pretty = false
    var operands: [String] = []
    for argument in arguments {
        switch argument {
        case "--pretty": pretty = true
        case "--list":
            guard let names = methodNames() else { fail("library.info did not answer", showingUsage: false) }
            for name in names { print(name) }
            exit(0)
        case "--version":
            print(String(cString: tc_version()))
            exit(0)
        case "--help", "-h":
            print(usage, terminator: "")
            exit(0)
        case "-": operands.append(argument)
        default:
            if argument.hasPrefix("-") { fail("unknown option \(argument)") }
            operands.append(argument)
        }
    }

    guard let method = operands.first else { fail("missing method name") }
    guard operands.count <= 2 else { fail("too many arguments") }

    let request: [UInt8]
    if operands.count == 2 && operands[1] != "-" {
        let descriptor = openForReading(operands[1])
        let openError = errno
        guard descriptor >= 0 else { fail("cannot open \(operands[1]): \(reason(openError))", showingUsage: false) }
        defer { close(descriptor) }
        guard let bytes = readAll(descriptor) else {
            let readError = errno
            fail("cannot read \(operands[1]): \(reason(readError))", showingUsage: false)
        }
        request = bytes
    } else {
        // No file and a terminal on standard input: nobody is piping a request in, so say how to
        // give one rather than wait in silence (an explicit '-' still reads what is typed).
        if operands.count == 1 && isatty(STDIN_FILENO) == 1 {
            fail("no request: give a request file, or pipe the request into standard input")
        }
        guard let bytes = readAll(STDIN_FILENO) else {
            let readError = errno
            fail("cannot read standard input: \(reason(readError))", showingUsage: false)
        }
        request = bytes
    }

    guard let response = call(method, request) else {
        emit(Array("tournament-core: out of memory\n".utf8), to: STDERR_FILENO)
        exit(1)
    }
    if response.starts(with: Array("{\"ok\":false,\"error\":{\"code\":\"UNKNOWN_METHOD\"".utf8)) {
        emit(Array("tournament-core: `tournament-core --list` prints the method names\n".utf8), to: STDERR_FILENO)
    }
    if pretty, let formatted = JSONPrettyPrinter.format(response) {
        emit(formatted)
    } else {
        emit(response + [UInt8(ascii: "\n")])
    }
    exit(response.starts(with: Array("{\"ok\":true".utf8)) ? 0 : 1)
}
