import TournamentCore
import TournamentCoreJSON

/// `library.info`: the library's name, versions, methods and limits.
///
/// Request `{}` (members are ignored). Result:
/// `{"name","version","abiVersion","methods":[...],"limits":{"maxRequestBytes","maxDepth"}}`.
enum LibraryInfoMethod: WireMethod {
    static func respond(to request: Int, in document: JSONDocument, into writer: inout JSONWriter) throws(WireError) {
        writer.beginObject()
        writer.field("name", text: LibraryVersion.name)
        writer.field("version", text: LibraryVersion.string)
        writer.field("abiVersion", LibraryVersion.abiVersion)
        writer.key("methods")
        writer.beginArray()
        for method in MethodRegistry.methods {
            writer.string(method.name)
        }
        writer.endArray()
        writer.object("limits") { limits in
            limits.field("maxRequestBytes", JSONLimits.maxRequestBytes)
            limits.field("maxDepth", JSONLimits.maxDepth)
        }
        writer.endObject()
    }
}
