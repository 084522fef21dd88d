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

    /// The methods' names, read once (not through each type's witness on every call), with the
    /// key each is looked up by.
    private static let methodNames: [(name: StaticString, key: NameKey)] = methods.map {
        ($0.name, NameKey(UnsafeBufferPointer(start: $0.name.utf8Start, count: $0.name.utf8CodeUnitCount)))
    }

    /// The method named by `name` (UTF-8 bytes), or nil.
    static func method(named name: UnsafeBufferPointer<UInt8>) -> (any WireMethod.Type)? {
        let key = NameKey(name)
        for (index, candidate) in methodNames.enumerated() where candidate.key == key {
            // Length and first and last eight bytes agree: the whole name is compared only when
            // it is longer than sixteen bytes.
            if name.count <= 16 || memoryEquals(candidate.name.utf8Start, name.baseAddress, name.count) {
                return methods.indices.contains(index) ? methods[index] : nil
            }
        }
        return nil
    }

    /// A name's length and its first and last eight bytes (overlapping, or the whole name as a
    /// word when shorter): equal keys are equal names up to sixteen bytes.
    private struct NameKey: Equatable {
        let count: Int
        let head: UInt64
        let tail: UInt64

        init(_ name: UnsafeBufferPointer<UInt8>) {
            count = name.count
            guard let base = name.baseAddress, count > 0 else {
                head = 0
                tail = 0
                return
            }
            if count < 8 {
                head = JSONBytes.partialWord(base, count: count)
                tail = head
            } else {
                let raw = UnsafeRawPointer(base)
                head = raw.loadUnaligned(as: UInt64.self)
                tail = raw.loadUnaligned(fromByteOffset: count &- 8, as: UInt64.self)
            }
        }
    }

    /// The method names, for `library.info` and the command-line tool.
    static var names: [String] {
        methods.map { "\($0.name)" }
    }
}
