import TournamentCore
import TournamentCoreJSON

/// Every method the library serves, by name: the list (``methods``) is generated from
/// schemas/methods.json (MethodList.swift).
enum MethodRegistry {
    /// The methods' names, matched in one probe.
    private static let nameTable = JSONKeyTable(keys: methods.map { "\($0.name)" })

    /// Makes `nameTable` (`LazyGlobalPreparation`).
    static func makeTables() {
        LazyGlobals.keep(nameTable)
    }

    /// The method named by `name` (UTF-8 bytes), or nil.
    static func method(named name: UnsafeBufferPointer<UInt8>) -> WireMethodEntry? {
        lookUp(name)?.method
    }

    /// The method named by `name` (UTF-8 bytes) and its index in ``methods``, or nil.
    static func lookUp(_ name: UnsafeBufferPointer<UInt8>) -> (index: Int, method: WireMethodEntry)? {
        guard let index = nameTable.index(of: name), methods.indices.contains(index) else { return nil }
        return (index, methods[index])
    }

    /// The method names, for `library.info` and the command-line tool.
    static var names: [String] {
        methods.map { "\($0.name)" }
    }
}
