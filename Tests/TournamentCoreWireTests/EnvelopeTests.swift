import Testing
import TestFiles
@testable import TournamentCoreWire
import TournamentCoreJSON

@Suite("Envelope")
struct EnvelopeTests {
    @Test("a NULL request is INVALID_JSON")
    func nullRequest() {
        let response = "library.info".utf8CString.withUnsafeBufferPointer { _ in
            Wire.call(method: "library.info", request: nil).bytes
        }
        #expect(String(decoding: response, as: UTF8.self) == #"{"ok":false,"error":{"code":"INVALID_JSON","message":"The request is NULL."}}"#)
    }

    @Test("a NULL method is UNKNOWN_METHOD")
    func nullMethod() {
        let response = Wire.call(method: nil, request: nil).bytes
        #expect(String(decoding: response, as: UTF8.self) == #"{"ok":false,"error":{"code":"UNKNOWN_METHOD","message":"The method name is NULL."}}"#)
    }

    @Test("an unknown method is named in the message, quoted and truncated")
    func unknownMethod() {
        #expect(call("nope", "{}") == #"{"ok":false,"error":{"code":"UNKNOWN_METHOD","message":"No method is named \"nope\"."}}"#)
        #expect(call("Library.Info", "{}").contains("UNKNOWN_METHOD"))
        let long = String(repeating: "x", count: 5000)
        #expect(call(long, "{}").contains("named \\\"" + String(repeating: "x", count: 100) + "\\\"....\"}}"))
    }

    @Test("every method is found by its name, and names that differ by a byte anywhere are not")
    func methodNamesAreMatchedExactly() {
        for method in MethodRegistry.methods {
            let name = Array("\(method.name)".utf8)
            #expect(name.withUnsafeBufferPointer { MethodRegistry.method(named: $0) }.map { "\($0.name)" } == "\(method.name)")
            // A byte changed at every position (the middle of long names included), one more,
            // one fewer.
            var nearMisses = (0..<name.count).map { index in
                var changed = name
                changed[index] ^= 0x01
                return changed
            }
            nearMisses += [name + [0x61], Array(name.dropLast()), Array(name.dropFirst()), []]
            for nearMiss in nearMisses {
                #expect(nearMiss.withUnsafeBufferPointer { MethodRegistry.method(named: $0) } == nil, "\(nearMiss)")
            }
        }
    }

    @Test("the top level must be an object")
    func topLevelObject() {
        #expect(call("library.info", "[]") == #"{"ok":false,"error":{"code":"INVALID_JSON","message":"The request must be a JSON object, not an array."}}"#)
        #expect(call("library.info", "null").contains("not null."))
    }

    @Test("a request of exactly 64 MiB is read; one byte more is REQUEST_TOO_LARGE")
    func sizeLimit() {
        var request = [UInt8](repeating: UInt8(ascii: " "), count: JSONLimits.maxRequestBytes)
        request[0] = UInt8(ascii: "{")
        request[request.count - 1] = UInt8(ascii: "}")
        #expect(responseCode(Wire.call(method: "library.info", request: request)) == "ok")
        request.append(UInt8(ascii: " "))
        #expect(String(decoding: Wire.call(method: "library.info", request: request), as: UTF8.self)
            == #"{"ok":false,"error":{"code":"REQUEST_TOO_LARGE","message":"The request is larger than 67108864 bytes."}}"#)
    }

    @Test("nesting 65 deep is INVALID_JSON")
    func depth() {
        let deep = "{\"a\":" + String(repeating: "[", count: 64) + String(repeating: "]", count: 64) + "}"
        #expect(responseCode(Array(call("library.info", deep).utf8)) == "INVALID_JSON")
    }

    /// The methods that have schemas: the contract's methods (schemas/<method>.request.schema.json).
    static var methodsWithSchemas: Set<String> {
        let suffix = ".request.schema.json"
        return Set(listFolder(repositoryRoot + "/schemas").filter { $0.hasSuffix(suffix) }.map { String($0.dropLast(suffix.count)) })
    }

    @Test("the registry serves exactly the methods that have schemas and golden files, each once")
    func methodNames() {
        #expect(Set(Wire.methodNames) == Self.methodsWithSchemas)
        #expect(Set(Wire.methodNames) == Set(listFolder(repositoryRoot + "/Tests/golden")))
        #expect(Set(Wire.methodNames).count == Wire.methodNames.count)
    }

    @Test("library.info ignores the request's members")
    func libraryInfoIgnoresMembers() {
        #expect(call("library.info", #"{"verbose":true,"x":[1,2,{"y":null}]}"#) == call("library.info", "{}"))
    }
}
