/// The figures of rounds whose arrows come one at a time, for a caller that reads them as a
/// stream (the wire layer's cursor path): each round's counts, and the impacts of every round
/// in arrow order, without keeping the arrows. ``stats(setupId:filter:)`` and
/// ``drift(setupId:filter:)`` are what ``SetupStats/init(setupId:rounds:filter:)`` and
/// ``DriftStats/init(setupId:rounds:filter:)`` give for the same rounds: the counts are exact
/// integers, and the impacts are summed in the same order. (One difference: a round whose own
/// counts overflow is refused by ``add(_:)``, which throws, or ``add(score:isX:x:y:)``, which
/// answers false, even if the filter would leave it out; that takes some 10^18 arrows.)
///
/// ```swift
/// var tallies = RoundTallies()
/// try tallies.add(arrow)            // each arrow of a round
/// tallies.endRound(date: date)      // then its date
/// let stats = try tallies.stats(setupId: 7, filter: .allTime)
/// ```
public struct RoundTallies: Sendable {
    /// A round: its date, its counts, and where its impacts are in `impacts`.
    struct Entry: Sendable {
        var date: Int64
        var tally: ArrowTally
        var impacts: Range<Int>
    }

    var rounds: [Entry] = []
    /// The impacts, in arrow order.
    @usableFromInline var impacts: [(x: Double, y: Double)] = []
    /// The counts of the round being read, and where its impacts start.
    @usableFromInline var current = ArrowTally()
    var currentImpacts = 0

    /// No rounds yet.
    public init() {}

    /// Adds an arrow to the round being read. Throws ``EquipmentError/overflow`` when that
    /// round's score or arrow count does not fit in 64 bits.
    public mutating func add(_ arrow: Arrow) throws(EquipmentError) {
        // An arrow keeps Arrow's rules: only a count's overflow can refuse it.
        guard add(score: arrow.score, isX: arrow.isX, x: arrow.storedX, y: arrow.storedY) else { throw .overflow }
    }

    /// Adds an arrow given by its fields, a coordinate not recorded given as NaN (a number read
    /// from JSON never is one): what `add(Arrow(score:isX:x:y:))` adds, with the same rules,
    /// for a reader that keeps no optionals (and no `Arrow`) in a loop short of registers.
    /// False, with nothing added, when `Arrow` would refuse these fields or a count of the
    /// round would overflow.
    @inlinable @inline(__always)  // the per-arrow step of a loop over every arrow of a request
    @_spi(Wire) public mutating func add(score: Int, isX: Bool, x: Double, y: Double) -> Bool {
        // Arrow's rules: a score of 0...10, an X only on a 10, each coordinate absent (NaN
        // here) or within ±maxCoordinate (which no infinity is).
        guard _fastPath(Arrow.scores.contains(score) && (!isX || score == 10)
                        && (x.isNaN || abs(x) <= Arrow.maxCoordinate) && (y.isNaN || abs(y) <= Arrow.maxCoordinate)),
              _fastPath(current.add(points: Int64(score), isX: isX))
        else { return false }
        if !x.isNaN && !y.isNaN {
            if impacts.isEmpty { impacts.reserveCapacity(Self.firstImpactsCapacity) }
            impacts.append((x, y))
        }
        return true
    }

    /// The rounds and impacts made room for at first, at least: as many as an array can hold
    /// within a block the allocator caches, in the Embedded builds on 64-bit platforms
    /// (TournamentCoreJSON's AllocationSizes.cachedArrayCapacity, which a test checks these
    /// against). A larger block costs a short request more than a second growth costs a long one.
    @usableFromInline static let firstRoundsCapacity = 15, firstImpactsCapacity = 61

    /// Makes room for `count` rounds, when none has ended yet (``firstRoundsCapacity`` at
    /// least, as the first ``endRound(date:)`` would): for a reader that can estimate how many
    /// come.
    @_spi(Wire) public mutating func reserveCapacity(rounds count: Int) {
        if rounds.isEmpty { rounds.reserveCapacity(max(count, Self.firstRoundsCapacity)) }
    }

    /// Makes room for `count` impacts, when none is kept yet (``firstImpactsCapacity`` at
    /// least, as the first impact would): for a reader that can estimate how many arrows come.
    @_spi(Wire) public mutating func reserveCapacity(impacts count: Int) {
        if impacts.isEmpty { impacts.reserveCapacity(max(count, Self.firstImpactsCapacity)) }
    }

    /// Ends the round being read, shot at `date`; the next arrow begins another.
    public mutating func endRound(date: Int64) {
        if rounds.isEmpty { rounds.reserveCapacity(Self.firstRoundsCapacity) }
        rounds.append(Entry(date: date, tally: current, impacts: currentImpacts..<impacts.count))
        current = ArrowTally()
        currentImpacts = impacts.count
    }

    /// ``SetupStats/init(setupId:rounds:filter:)`` of the ended rounds. Throws
    /// ``EquipmentError/overflow`` when a total does not fit in 64 bits.
    public func stats(setupId: Int64, filter: RoundFilter) throws(EquipmentError) -> SetupStats {
        var tally = ArrowTally()
        var roundCount: Int64 = 0  // at most the number of rounds: cannot overflow
        for round in rounds where filter.includes(round.date) && round.tally.arrows > 0 {
            roundCount += 1
            try tally.add(round.tally)
        }
        return SetupStats(setupId: setupId, tally: tally, roundCount: roundCount)
    }

    /// ``DriftStats/init(setupId:rounds:filter:)`` of the ended rounds.
    public func drift(setupId: Int64, filter: RoundFilter) -> DriftStats? {
        DriftStats(setupId: setupId) { body in
            for round in rounds where filter.includes(round.date) {
                for index in round.impacts { body(impacts[index].x, impacts[index].y) }
            }
        }
    }
}
