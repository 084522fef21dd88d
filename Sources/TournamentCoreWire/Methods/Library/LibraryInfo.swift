import TournamentCore

/// `library.info`: the library's name, versions, methods and limits.
///
/// Request `{}` (members are ignored). Result:
/// `{"name","version","abiVersion","methods":[...],"limits":{"maxRequestBytes","maxDepth"}}`.
enum LibraryInfo: WireMethod {
    static let name: StaticString = "library.info"

    static func respond(to request: Int, in document: JSONDocument, into writer: inout JSONWriter) throws(WireError) {
        writer.beginObject()
        writer.key("name")
        writer.string(LibraryVersion.name)
        writer.key("version")
        writer.string(LibraryVersion.string)
        writer.key("abiVersion")
        writer.int(LibraryVersion.abiVersion)
        writer.key("methods")
        writer.beginArray()
        for method in MethodRegistry.names {
            writer.string(method)
        }
        writer.endArray()
        writer.key("limits")
        writer.beginObject()
        writer.key("maxRequestBytes")
        writer.int(JSONLimits.maxRequestBytes)
        writer.key("maxDepth")
        writer.int(JSONLimits.maxDepth)
        writer.endObject()
        writer.endObject()
    }
}
