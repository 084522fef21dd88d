/// A participant's totals for ranking.
///
/// `Int64` on every platform: the contract's totals are 64-bit integers, beyond a 32-bit `Int`.
public struct ScoreTotals: Sendable, Hashable {
    /// Sum of arrow scores.
    public var score: Int64
    /// 10s, Xs included.
    public var tens: Int64
    /// Xs.
    public var xs: Int64
    /// Arrows shot.
    public var arrowCount: Int64

    /// Creates totals.
    public init(score: Int64, tens: Int64 = 0, xs: Int64 = 0, arrowCount: Int64 = 0) {
        self.score = score
        self.tens = tens
        self.xs = xs
        self.arrowCount = arrowCount
    }

    /// The totals of `arrows`, with checked sums: a total beyond the range of `Int64` throws
    /// ``EquipmentError/overflow`` rather than trapping.
    public init(arrows: [Arrow]) throws(EquipmentError) {
        self.init(score: 0)
        for arrow in arrows { try add(arrow) }
    }

    /// Adds `arrow` (for arrows that come one at a time), with checked sums: when a total would
    /// go beyond the range of `Int64`, throws ``EquipmentError/overflow`` and changes nothing.
    public mutating func add(_ arrow: Arrow) throws(EquipmentError) {
        let (newScore, scoreOverflow) = score.addingReportingOverflow(Int64(arrow.score))
        let (newCount, countOverflow) = arrowCount.addingReportingOverflow(1)
        let (newTens, tensOverflow) = tens.addingReportingOverflow(arrow.score == 10 ? 1 : 0)
        let (newXs, xsOverflow) = xs.addingReportingOverflow(arrow.isX ? 1 : 0)
        guard !(scoreOverflow || countOverflow || tensOverflow || xsOverflow) else { throw .overflow }
        (score, arrowCount, tens, xs) = (newScore, newCount, newTens, newXs)
    }
}

/// A participant to rank.
public struct LeaderboardParticipant: Sendable, Hashable, Identifiable {
    public var participantId: String
    /// The name shown, if known.
    public var displayName: String?
    public var totals: ScoreTotals

    public var id: String { participantId }

    /// Creates a participant to rank.
    public init(participantId: String, displayName: String? = nil, totals: ScoreTotals) {
        self.participantId = participantId
        self.displayName = displayName
        self.totals = totals
    }
}

/// A row of the leaderboard.
public struct LeaderboardEntry: Sendable, Hashable, Identifiable {
    /// 1 for the leader; equal entries share a rank (1, 1, 3).
    public var rank: Int
    public var participantId: String
    /// The name shown, if known.
    public var displayName: String?
    public var totals: ScoreTotals

    public var id: String { participantId }

    /// Creates a row.
    public init(rank: Int, participantId: String, displayName: String?, totals: ScoreTotals) {
        self.rank = rank
        self.participantId = participantId
        self.displayName = displayName
        self.totals = totals
    }
}

/// Ranking with World Archery's tie-breaks.
public enum Leaderboard {
    /// Ranks participants by score, then 10s (Xs included), then Xs, all descending. Entries
    /// equal on all three share a rank and the next rank skips (1, 1, 3); equal entries keep
    /// their input order.
    public static func rank(_ participants: [LeaderboardParticipant]) -> [LeaderboardEntry] {
        ranking(of: participants.map { $0.totals }).map { place in
            let participant = participants[place.position]
            return LeaderboardEntry(
                rank: place.rank, participantId: participant.participantId, displayName: participant.displayName,
                totals: participant.totals)
        }
    }

    /// The ranking of `totals` as ``rank(_:)`` ranks participants with them: their positions in
    /// `totals`, in rank order, each with its rank. For a caller that keeps its participants
    /// elsewhere.
    public static func ranking(of totals: [ScoreTotals]) -> [(position: Int, rank: Int)] {
        var ranks = Ranks()
        return order(of: totals).map { position in (position, ranks.next(totals[position])) }
    }

    /// The positions of `totals` in rank order, ``ranking(of:)`` without the ranks: for a
    /// caller that gives them as it goes (``Ranks``) and keeps no array of them (the wire layer,
    /// which writes each entry from the request's text).
    @_spi(Wire) public static func order(of totals: [ScoreTotals]) -> [Int] {
        if let order = packedOrder(of: totals) { return order }
        var order = Array(totals.indices)
        order.stableSort { lhs, rhs in
            let l = totals[lhs], r = totals[rhs]
            if l.score != r.score { return l.score > r.score }
            if l.tens != r.tens { return l.tens > r.tens }
            if l.xs != r.xs { return l.xs > r.xs }
            return lhs < rhs  // stable
        }
        return order
    }

    /// ``order(of:)`` when every score fits in 21 bits, every count of 10s and of Xs in 11
    /// (0...2,047), and there are at most 2^21 entries, as in any real leaderboard; nil
    /// otherwise. Each entry is one word, its keys' complements (descending becomes ascending)
    /// above its position: words compare as the entries rank, ties broken by position, so the
    /// sort compares words rather than looking up three keys per comparison.
    private static func packedOrder(of totals: [ScoreTotals]) -> [Int]? {
        let positionBits: UInt64 = 21, scoreLimit: Int64 = 1 << 21, countLimit: Int64 = 1 << 11
        guard totals.count <= 1 << positionBits else { return nil }
        var words: [UInt64] = []
        words.reserveCapacity(totals.count)
        for (position, entry) in totals.enumerated() {
            guard entry.score >= 0 && entry.score < scoreLimit, entry.tens >= 0 && entry.tens < countLimit,
                  entry.xs >= 0 && entry.xs < countLimit else { return nil }
            let keys = UInt64(scoreLimit - 1 - entry.score) << 22 | UInt64(countLimit - 1 - entry.tens) << 11
                | UInt64(countLimit - 1 - entry.xs)
            words.append(keys << positionBits | UInt64(position))
        }
        if words.count < 256 {
            words.stableSort(by: <)
        } else {
            sortByKeys(&words, below: positionBits)
        }
        let positionMask: UInt64 = 1 << positionBits - 1
        return words.map { Int(truncatingIfNeeded: $0 & positionMask) }
    }

    /// Sorts `words` by their bits from `shift` up (43 of them), keeping the order of words whose
    /// bits there are equal: a least-significant-digit radix sort, four passes of 11 bits, each
    /// counting the digits and then moving every word to its digit's next place in the other
    /// buffer (a pass whose digit is the same in every word is skipped). The words' order among
    /// equals is their positions' (ascending as packed), so this orders them as comparing
    /// whole words would, in a few steps per word and pass rather than a comparison per step
    /// of a merge.
    private static func sortByKeys(_ words: inout [UInt64], below shift: UInt64) {
        let digitBits: UInt64 = 11, digitMask: UInt64 = 1 << digitBits - 1
        var other = words  // copied at its first write: the buffer each pass moves into
        var counts = [Int](repeating: 0, count: 1 << digitBits)
        var sortedInWords = true
        for pass: UInt64 in 0..<4 {
            let digitShift = shift + pass * digitBits
            count(sortedInWords ? words : other, digitShift: digitShift, digitMask: digitMask, into: &counts)
            if counts.contains(words.count) { continue }  // one digit for all: already in order
            var next = 0
            for index in counts.indices {
                let count = counts[index]
                counts[index] = next
                next += count
            }
            if sortedInWords {
                move(words, into: &other, digitShift: digitShift, digitMask: digitMask, places: &counts)
            } else {
                move(other, into: &words, digitShift: digitShift, digitMask: digitMask, places: &counts)
            }
            sortedInWords.toggle()
        }
        if !sortedInWords { words = other }
    }

    /// How many of `words` have each digit (`counts`, by digit).
    private static func count(_ words: [UInt64], digitShift: UInt64, digitMask: UInt64, into counts: inout [Int]) {
        counts.withUnsafeMutableBufferPointer { counts in
            for index in counts.indices { counts[index] = 0 }
            for word in words { counts[Int(truncatingIfNeeded: word >> digitShift & digitMask)] += 1 }
        }
    }

    /// Moves each of `source`'s words, in order, to the next place of its digit in `destination`
    /// (`places`: each digit's first place, advanced as words go there).
    private static func move(_ source: [UInt64], into destination: inout [UInt64], digitShift: UInt64, digitMask: UInt64, places: inout [Int]) {
        source.withUnsafeBufferPointer { source in
            destination.withUnsafeMutableBufferPointer { destination in
                places.withUnsafeMutableBufferPointer { places in
                    for word in source {
                        let digit = Int(truncatingIfNeeded: word >> digitShift & digitMask)
                        destination[places[digit]] = word
                        places[digit] += 1
                    }
                }
            }
        }
    }

    /// The ranks of totals given one by one in rank order (``order(of:)``): each one's place,
    /// or the one before's rank when the two are tied (1, 1, 3).
    @_spi(Wire) public struct Ranks {
        private var previous: ScoreTotals?
        private var rank = 0
        private var count = 0

        /// Before the first.
        public init() {}

        /// The rank of `totals`, the next in rank order.
        public mutating func next(_ totals: ScoreTotals) -> Int {
            count += 1
            if previous.map({ !Leaderboard.tied($0, totals) }) ?? true { rank = count }
            previous = totals
            return rank
        }
    }

    private static func tied(_ lhs: ScoreTotals, _ rhs: ScoreTotals) -> Bool {
        lhs.score == rhs.score && lhs.tens == rhs.tens && lhs.xs == rhs.xs
    }
}
