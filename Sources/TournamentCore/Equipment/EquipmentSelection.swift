/// The setup picker of the comparison screen: sorted setups, B's choices without A, and
/// whether a comparison can run.
public struct EquipmentSelection: Sendable, Hashable {
    /// Positions in the input of the setups, sorted for display.
    public var order: [Int]
    /// Positions of the setups offered for B: the sorted setups without A.
    public var availableForB: [Int]
    /// A's ID, or nil when none (or an unknown one) is selected.
    public var setupAId: Int64?
    /// B's ID, or nil when none, an unknown one, or A's is selected.
    public var setupBId: Int64?

    /// Whether both sides are selected.
    public var canCompare: Bool { setupAId != nil && setupBId != nil }

    /// Applies the picker's rules.
    ///
    /// Setups are sorted by display name ignoring case and diacritics, then by the name with its
    /// diacritics (still ignoring case), then by ID. A selected ID that is not among the setups
    /// becomes nil; B equal to A becomes nil.
    ///
    /// - Throws: ``EquipmentError/duplicateSetupID(position:)`` when two setups share an ID.
    public init(setups: [BowSetup], setupAId: Int64?, setupBId: Int64?) throws(EquipmentError) {
        var seen = Set<Int64>()
        for (position, setup) in setups.enumerated() where !seen.insert(setup.id).inserted {
            throw .duplicateSetupID(position: position)
        }
        let keys = setups.map { setup in
            let (primary, secondary) = FoldedText.sortKeys(of: setup.displayName)
            return (primary: primary.bytes, secondary: secondary.bytes, id: setup.id)
        }
        order = setups.indices.sorted { lhs, rhs in
            let l = keys[lhs], r = keys[rhs]
            if l.primary != r.primary { return l.primary.lexicographicallyPrecedes(r.primary) }
            if l.secondary != r.secondary { return l.secondary.lexicographicallyPrecedes(r.secondary) }
            return l.id < r.id
        }
        let a = setupAId.flatMap { seen.contains($0) ? $0 : nil }
        let b = setupBId.flatMap { seen.contains($0) && $0 != a ? $0 : nil }
        self.setupAId = a
        self.setupBId = b
        availableForB = order.filter { setups[$0].id != a }
    }
}
