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

    /// The methods' names, read once (not through each type's witness on every call).
    private static let methodNames: [StaticString] = methods.map { $0.name }

    /// The method named by `name` (UTF-8 bytes), or nil.
    static func method(named name: UnsafeBufferPointer<UInt8>) -> (any WireMethod.Type)? {
        for (index, candidate) in methodNames.enumerated()
        where candidate.utf8CodeUnitCount == name.count && memoryEquals(candidate.utf8Start, name.baseAddress, name.count) {
            return methods.indices.contains(index) ? methods[index] : nil
        }
        return nil
    }

    /// The method names, for `library.info` and the command-line tool.
    static var names: [String] {
        methods.map { "\($0.name)" }
    }
}
