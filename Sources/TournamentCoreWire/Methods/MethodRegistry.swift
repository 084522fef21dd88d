import TournamentCore
import TournamentCoreJSON

/// Every method the library serves, by name.
enum MethodRegistry {
    /// The methods in the order `library.info` lists them (the contract's order).
    static let methods: [WireMethodEntry] = [
        WireMethodEntry(LibraryInfo.self),
        WireMethodEntry(TournamentsFilter.self),
        WireMethodEntry(ParticipantsResolve.self),
        WireMethodEntry(ParticipantsDisplayName.self),
        WireMethodEntry(ParticipantsRepairBegin.self),
        WireMethodEntry(ParticipantsRepairEnd.self),
        WireMethodEntry(ParticipantsScorable.self),
        WireMethodEntry(GuestsCheck.self),
        WireMethodEntry(GuestsAdd.self),
        WireMethodEntry(GuestsGenerateId.self),
        WireMethodEntry(GuestsValidateId.self),
        WireMethodEntry(EquipmentStats.self),
        WireMethodEntry(EquipmentCompare.self),
        WireMethodEntry(EquipmentSelectionMethod.self),
        WireMethodEntry(EquipmentTimeRanges.self),
        WireMethodEntry(ScoringLeaderboard.self),
        WireMethodEntry(MatchesSections.self),
        WireMethodEntry(MatchesFavorite.self),
        WireMethodEntry(MatchesReconcileFavorites.self),
    ]

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
