#if canImport(TCEmbeddedLibc)
import TCEmbeddedLibc  // tc_call_scope_keep (embedded/include)
#endif

/// Which tournaments have a participant repair in flight, so that concurrent screens of one
/// process repair each tournament once.
///
/// ```swift
/// if RepairRegistry.shared.begin(tournamentId: id) {
///     defer { _ = RepairRegistry.shared.end(tournamentId: id) }
///     try await write(plan)
/// }
/// ```
///
/// Thread-safe: of any number of threads racing ``begin(tournamentId:)`` on one tournament,
/// exactly one gets `true` until ``end(tournamentId:)`` releases it.
public final class RepairRegistry: Sendable {
    /// The process-wide registry the C interface uses.
    public static let shared = RepairRegistry()

    /// By bytes: canonically equivalent IDs are different tournaments.
    private let inFlight = Locked(Set<UTF8Key>())

    /// Creates an empty registry (tests and hosts that want their own scope).
    public init() {}

    /// Marks a repair of `tournamentId` in flight; false when one already is. IDs are compared
    /// byte for byte (``DocumentID/matches(_:_:)``).
    public func begin(tournamentId: String) -> Bool {
        inFlight.withLock {
            let inserted = $0.insert(UTF8Key(tournamentId)).inserted
            #if canImport(TCEmbeddedLibc)
            // What the set now holds (the ID's bytes, a larger table) outlives the call: out of
            // its call scope's keeping before another thread can reach it (embedded/call_scope.c).
            if inserted { tc_call_scope_keep() }
            #endif
            return inserted
        }
    }

    /// Ends the repair of `tournamentId`; false when none was in flight.
    public func end(tournamentId: String) -> Bool {
        inFlight.withLock { $0.remove(UTF8Key(tournamentId)) != nil }
    }

    /// How many repairs are in flight.
    public var count: Int {
        inFlight.withLock { $0.count }
    }
}
