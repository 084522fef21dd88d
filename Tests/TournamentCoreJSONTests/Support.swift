@testable import TournamentCoreJSON

/// Parses `text`, returning the tape or the syntax error.
func parse(_ text: [UInt8]) -> Result<[JSONNode], JSONSyntaxError> {
    text.withUnsafeBufferPointer { bytes in
        Result { () throws(JSONSyntaxError) in try JSONDocument.parse(bytes) { Array($0.nodes) } }
    }
}

func parse(_ text: String) -> Result<[JSONNode], JSONSyntaxError> {
    parse(Array(text.utf8))
}

/// Parses `bytes` and runs `body` on the document (which must not escape it).
func withDocument<R>(_ bytes: UnsafeBufferPointer<UInt8>, _ body: (JSONDocument) throws -> R) throws -> R {
    try JSONDocument.parse(bytes) { document in Result { try body(document) } }.get()
}
