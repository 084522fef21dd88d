import TournamentCoreJSON

/// Every method the library serves, by name.
enum MethodRegistry {
    /// The methods in the order `library.info` lists them (the contract's order).
    static let methods: [any WireMethod.Type] = [
        LibraryInfo.self,
        TournamentsFilter.self,
        ParticipantsResolve.self,
        ParticipantsDisplayName.self,
        ParticipantsRepairBegin.self,
        ParticipantsRepairEnd.self,
        GuestsCheck.self,
        GuestsAdd.self,
        GuestsGenerateId.self,
        GuestsValidateId.self,
        EquipmentStats.self,
        EquipmentCompare.self,
        EquipmentSelectionMethod.self,
        EquipmentTimeRanges.self,
        ScoringLeaderboard.self,
        MatchesSections.self,
        MatchesFavorite.self,
        MatchesReconcileFavorites.self,
    ]

    /// The methods' names, matched in one probe.
    private static let nameTable = JSONKeyTable(keys: methods.map { "\($0.name)" })

    /// The method named by `name` (UTF-8 bytes), or nil.
    static func method(named name: UnsafeBufferPointer<UInt8>) -> (any WireMethod.Type)? {
        guard let index = nameTable.index(of: name), methods.indices.contains(index) else { return nil }
        return methods[index]
    }

    /// The method names, for `library.info` and the command-line tool.
    static var names: [String] {
        methods.map { "\($0.name)" }
    }
}
