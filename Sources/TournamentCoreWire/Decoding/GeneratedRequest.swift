import TournamentCoreJSON

/// A request object's generated struct (`Requests`, RequestValues.swift), read by its generated
/// decoder.
///
/// The decoder is written once, as ``read(_:visitingWith:)``: given how to visit the object's
/// members, it reads each into its member and checks the required ones. The two ways to read an
/// object are here: on its own, and as one of an array's objects with the array's hints.
protocol GeneratedRequest {
    /// A string as the reader holds it (``RequestReader/Text``).
    associatedtype Text
    /// The object's fields (`Members`).
    associatedtype Field: RequestFields

    /// Reads the object the reader stands at, its members visited by `readObject` (which
    /// returns where the reader keeps the object's unknown members).
    static func read<Reader: RequestReader>(
        _ reader: inout Reader, visitingWith readObject: (inout Reader, (inout Reader, Field) throws(Reader.Failure) -> Void) throws(Reader.Failure) -> Range<Int>
    ) throws(Reader.Failure) -> Self where Reader.Text == Text
}

extension GeneratedRequest {
    /// Reads the object the reader stands at.
    @inline(always)
    static func read<Reader: RequestReader>(_ reader: inout Reader) throws(Reader.Failure) -> Self where Reader.Text == Text {
        try read(&reader) { (reader: inout Reader, visit: (inout Reader, Field) throws(Reader.Failure) -> Void) throws(Reader.Failure) -> Range<Int> in
            try reader.readObject(Field.self, visit)
        }
    }

    /// Reads the object the reader stands at, one of an array's, with the array's `hints`.
    @inline(always)
    static func read<Reader: RequestReader>(_ reader: inout Reader, hints: inout Reader.ObjectHints) throws(Reader.Failure) -> Self where Reader.Text == Text {
        try read(&reader) { (reader: inout Reader, visit: (inout Reader, Field) throws(Reader.Failure) -> Void) throws(Reader.Failure) -> Range<Int> in
            try reader.readObject(Field.self, hints: &hints, visit)
        }
    }
}
