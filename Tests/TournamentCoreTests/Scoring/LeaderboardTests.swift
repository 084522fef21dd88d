import PropertyBased
import TestFiles
import Testing
@_spi(Wire) import TournamentCore

private func entry(_ id: String, _ score: Int64, _ tens: Int64, _ xs: Int64) -> LeaderboardParticipant {
    LeaderboardParticipant(participantId: id, totals: ScoreTotals(score: score, tens: tens, xs: xs))
}

@Suite("Leaderboard")
struct LeaderboardTests {
    @Test("tie-break table: score, then 10s, then Xs, all descending")
    func tieBreaks() {
        let ranked = Leaderboard.rank([
            entry("a", 280, 10, 4),
            entry("b", 285, 5, 1),
            entry("c", 280, 12, 3),
            entry("d", 280, 12, 5),
            entry("e", 280, 10, 4),
            entry("f", 279, 20, 20),
        ])
        #expect(ranked.map(\.participantId) == ["b", "d", "c", "a", "e", "f"])
        #expect(ranked.map(\.rank) == [1, 2, 3, 4, 4, 6])
    }

    @Test("equal on all three keys: shared rank, the next rank skips (1, 1, 3), input order kept")
    func sharedRanks() {
        let ranked = Leaderboard.rank([entry("x", 100, 3, 1), entry("y", 100, 3, 1), entry("z", 90, 9, 9)])
        #expect(ranked.map(\.rank) == [1, 1, 3])
        #expect(ranked.map(\.participantId) == ["x", "y", "z"])
        let reversed = Leaderboard.rank([entry("y", 100, 3, 1), entry("x", 100, 3, 1)])
        #expect(reversed.map(\.participantId) == ["y", "x"])
    }

    @Test("totals from arrows: score, 10s including Xs, Xs, arrows")
    func totalsFromArrows() throws {
        let totals = try ScoreTotals(arrows: [try Arrow(score: 10, isX: true), try Arrow(score: 10), try Arrow(score: 9), try Arrow(score: 0)])
        #expect(totals == ScoreTotals(score: 29, tens: 2, xs: 1, arrowCount: 4))
    }

    @Test("arrows added one at a time give the totals of the whole list")
    func totalsAddedOneAtATime() throws {
        let arrows = [try Arrow(score: 10, isX: true), try Arrow(score: 10), try Arrow(score: 9), try Arrow(score: 0, x: 0.5, y: 1)]
        var totals = ScoreTotals(score: 0)
        for arrow in arrows { try totals.add(arrow) }
        #expect(totals == (try ScoreTotals(arrows: arrows)))
    }

    @Test("adding an arrow past Int64's range throws overflow and changes nothing, whichever total overflows")
    func addingPastTheRangeThrows() throws {
        let ten = try Arrow(score: 10, isX: true)
        for start in [ScoreTotals(score: .max - 9), ScoreTotals(score: 0, arrowCount: .max),
                      ScoreTotals(score: 0, tens: .max), ScoreTotals(score: 0, xs: .max)] {
            var totals = start
            #expect(throws: EquipmentError.overflow) { try totals.add(ten) }
            #expect(totals == start)
        }
    }

    @Test("the ranking of totals alone is the participants' ranking: positions and ranks")
    func rankingOfTotals() {
        let participants = [entry("a", 280, 10, 4), entry("b", 285, 5, 1), entry("c", 280, 10, 4), entry("d", 279, 20, 20)]
        let places = Leaderboard.ranking(of: participants.map(\.totals))
        let ranked = Leaderboard.rank(participants)
        #expect(places.map(\.position) == [1, 0, 2, 3])
        #expect(places.map(\.rank) == [1, 2, 2, 4])
        #expect(places.map { participants[$0.position].participantId } == ranked.map(\.participantId))
        #expect(places.map(\.rank) == ranked.map(\.rank))
    }

    @Test("the order with ranks given as they go is the ranking: three tied share a rank, the next skips two")
    func orderWithRanks() {
        let totals = [ScoreTotals(score: 280, tens: 10), ScoreTotals(score: 290), ScoreTotals(score: 280, tens: 10),
                      ScoreTotals(score: 280, tens: 10), ScoreTotals(score: 280, tens: 9)]
        let order = Leaderboard.order(of: totals)
        var ranks = Leaderboard.Ranks()
        let given = order.map { ranks.next(totals[$0]) }
        #expect(order == [1, 0, 2, 3, 4])
        #expect(given == [1, 2, 2, 2, 5])
        #expect(Leaderboard.ranking(of: totals).map(\.rank) == given)
    }

    @Test("the order is by keys descending then position, whether the totals pack into words (the usual ones; short lists sorted by comparison, long ones by radix) or not (a negative score, 2,048 tens or more, a score of 2^21)")
    func orderOfPackedAndUnpackedTotals() {
        var generator = SeededGenerator()
        let oddOnes = [ScoreTotals(score: -5), ScoreTotals(score: 3, tens: 2_048), ScoreTotals(score: 1 << 21),
                       ScoreTotals(score: .max, tens: .max, xs: .max), ScoreTotals(score: 4, tens: 4, xs: 2_047)]
        for round in 0..<400 {
            // Short lists sorted by comparison, long ones by radix; scores of a few values or of
            // many (the radix passes over the score's high digits skipped or not).
            let count = round % 4 < 2 ? Int.random(in: 0...300, using: &generator) : Int.random(in: 256...3_000, using: &generator)
            let highest: Int64 = round % 8 < 4 ? 40 : (1 << 21) - 1
            var totals = (0..<count).map { _ in
                ScoreTotals(score: Int64.random(in: 0...highest, using: &generator), tens: Int64.random(in: 0...3, using: &generator),
                            xs: Int64.random(in: 0...2, using: &generator))
            }
            if round % 3 == 2, !totals.isEmpty {  // a third of the lists cannot be packed
                totals[Int.random(in: totals.indices, using: &generator)] = oddOnes[round / 3 % oddOnes.count]
            }
            let expected = totals.indices.sorted { lhs, rhs in
                let l = totals[lhs], r = totals[rhs]
                if l.score != r.score { return l.score > r.score }
                if l.tens != r.tens { return l.tens > r.tens }
                if l.xs != r.xs { return l.xs > r.xs }
                return lhs < rhs
            }
            #expect(Leaderboard.order(of: totals) == expected, "seed \(generator.seed), round \(round)")
        }
    }

    @Test("an empty leaderboard")
    func empty() {
        #expect(Leaderboard.rank([]).isEmpty)
    }

    @Test("the order is a total order consistent with the keys")
    func totalOrder() async {
        let participant = zip(Gen.int(in: 0...30), Gen.int(in: 0...3), Gen.int(in: 0...3)).map { score, tens, xs in
            ScoreTotals(score: Int64(score), tens: Int64(tens), xs: Int64(min(xs, tens)))
        }
        await propertyCheck(count: 300, input: participant.array(of: 0...25)) { totals in
            let participants = totals.enumerated().map { LeaderboardParticipant(participantId: "p\($0.offset)", totals: $0.element) }
            let ranked = Leaderboard.rank(participants)
            #expect(ranked.count == participants.count)
            #expect(Set(ranked.map(\.participantId)) == Set(participants.map(\.participantId)))
            for (earlier, later) in zip(ranked, ranked.dropFirst()) {
                let l = earlier.totals, r = later.totals
                let keysNonIncreasing = (l.score, l.tens, l.xs) >= (r.score, r.tens, r.xs)
                #expect(keysNonIncreasing)
                if (l.score, l.tens, l.xs) == (r.score, r.tens, r.xs) {
                    #expect(later.rank == earlier.rank)
                    // Stable: equal entries keep input order.
                    #expect(Int(earlier.participantId.dropFirst())! < Int(later.participantId.dropFirst())!)
                } else {
                    #expect(later.rank == ranked.firstIndex { $0.participantId == later.participantId }! + 1)
                }
            }
            if let first = ranked.first { #expect(first.rank == 1) }
            // Ranking again gives the same order (deterministic).
            #expect(Leaderboard.rank(participants) == ranked)
        }
    }
}
