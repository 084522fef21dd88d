import Testing
import TournamentCore

private func side(_ id: Int64, _ name: String, _ stats: SetupStats?, drift: DriftStats? = nil) -> ComparedSetup {
    ComparedSetup(setup: BowSetup(id: id, name: name), stats: stats, drift: drift)
}

@Suite("EquipmentComparison")
struct EquipmentComparisonTests {
    @Test("deltas are B − A, with their display")
    func deltas() throws {
        let a = side(1, "Hoyt Formula", SetupStats(setupId: 1, totalArrows: 100, averageScore: 8.5, accuracy: 30, consistency: 60))
        let b = side(2, "Win&Win", SetupStats(setupId: 2, totalArrows: 112, averageScore: 8.75, accuracy: 26.5, consistency: 60))
        let comparison = try EquipmentComparison(a, b)
        #expect(comparison.deltas == .init(averageScore: 0.25, accuracy: -3.5, consistency: 0, arrowCount: 12))
        #expect(comparison.display.averageScore.text == "+0.25")
        #expect(comparison.display.accuracy.text == "-3.50")
        #expect(comparison.display.consistency == DeltaDisplay(text: "0.00", trend: .flat, color: .gray))
        #expect(comparison.display.arrowCount.text == "+12")
        #expect(comparison.setupAName == "Hoyt Formula")
        #expect(comparison.setupBName == "Win&Win")
    }

    @Test("the same setup on both sides is refused")
    func sameSetup() {
        #expect(throws: EquipmentError.sameSetup) {
            try EquipmentComparison(side(4, "A", nil), side(4, "B", nil))
        }
    }

    @Test("missing stats count as zeros")
    func missingStats() throws {
        let comparison = try EquipmentComparison(side(1, "A", nil), side(2, "B", SetupStats(setupId: 2, totalArrows: 10, averageScore: 9)))
        #expect(comparison.setupAStats == SetupStats(setupId: 1))
        #expect(comparison.deltas.averageScore == 9)
        #expect(comparison.deltas.arrowCount == 10)
    }

    @Test("blank names are shown as Setup #<id>", arguments: ["", " ", "\n"])
    func blankNames(name: String) throws {
        let comparison = try EquipmentComparison(side(7, name, nil), side(-2, "B", nil))
        #expect(comparison.setupAName == "Setup #7")
        #expect(BowSetup(id: -2, name: "").displayName == "Setup #-2")
        #expect(BowSetup(id: .min, name: name).displayName == "Setup #-9223372036854775808")
        #expect(BowSetup(id: .max, name: name).displayName == "Setup #9223372036854775807")
    }

    @Test("raw rounds are turned into stats and drift with the filter")
    func fromRounds() throws {
        let rounds = [Round(date: referenceNow, arrows: [arrow(10, at: (0.1, 0.1)), arrow(8)]), Round(date: 0, arrows: [arrow(2)])]
        let compared = try ComparedSetup(setup: BowSetup(id: 1, name: "A"), rounds: rounds, filter: .range(.sevenDays, now: referenceNow))
        #expect(compared.stats.totalScore == 18)
        #expect(compared.drift?.arrowCount == 1)
    }

    @Test("extreme precomputed arrow counts give a delta, never a trap")
    func extremeCounts() throws {
        let comparison = try EquipmentComparison(
            side(1, "A", SetupStats(setupId: 1, totalArrows: Int64.max)), side(2, "B", SetupStats(setupId: 2, totalArrows: 0)))
        #expect(comparison.deltas.arrowCount == -Int64.max)
        #expect(comparison.display.arrowCount.text == "-9223372036854775807")
        #expect(throws: EquipmentError.overflow) {
            try EquipmentComparison(side(1, "A", SetupStats(setupId: 1, totalArrows: -2)), side(2, "B", SetupStats(setupId: 2, totalArrows: Int64.max)))
        }
    }
}

@Suite("EquipmentSelection")
struct EquipmentSelectionTests {
    private let setups = [
        BowSetup(id: 3, name: "b"), BowSetup(id: 1, name: "A"), BowSetup(id: 2, name: ""), BowSetup(id: 9, name: "a"),
        BowSetup(id: 5, name: "Élan"), BowSetup(id: 4, name: "Zed"), BowSetup(id: 6, name: "elan"),
    ]

    @Test("sorted by name ignoring case and diacritics, then id; blank names as Setup #<id>")
    func sorting() throws {
        let selection = try EquipmentSelection(setups: setups, setupAId: nil, setupBId: nil)
        let names = selection.order.map { setups[$0].displayName }
        #expect(names == ["A", "a", "b", "elan", "Élan", "Setup #2", "Zed"])
        #expect(selection.order.map { setups[$0].id } == [1, 9, 3, 6, 5, 2, 4])
        #expect(!selection.canCompare)
    }

    @Test("B's choices exclude A; B equal to A becomes nil")
    func excludesA() throws {
        let selection = try EquipmentSelection(setups: setups, setupAId: 1, setupBId: 1)
        #expect(selection.setupAId == 1)
        #expect(selection.setupBId == nil)
        #expect(!selection.availableForB.contains { setups[$0].id == 1 })
        #expect(selection.availableForB.count == setups.count - 1)
        #expect(!selection.canCompare)
    }

    @Test("an unknown selected id becomes nil")
    func unknownIDs() throws {
        let selection = try EquipmentSelection(setups: setups, setupAId: 42, setupBId: 3)
        #expect(selection.setupAId == nil)
        #expect(selection.setupBId == 3)
        #expect(selection.availableForB.count == setups.count)
    }

    @Test("both selected: canCompare")
    func canCompare() throws {
        #expect(try EquipmentSelection(setups: setups, setupAId: 1, setupBId: 2).canCompare)
    }

    @Test("repeated ids are refused with the later position")
    func duplicates() {
        #expect(throws: EquipmentError.duplicateSetupID(position: 2)) {
            try EquipmentSelection(setups: [BowSetup(id: 1, name: "a"), BowSetup(id: 2, name: "b"), BowSetup(id: 1, name: "c")], setupAId: nil, setupBId: nil)
        }
    }
}
