import Testing
@testable import TournamentCore
import TournamentCoreJSON

@Suite("Allocation sizing")
struct AllocationSizingTests {
    @Test("the first rounds and impacts RoundTallies makes room for fill a block the allocator caches in the Embedded builds on 64-bit platforms, and one more would not")
    func roundTalliesStartAtACachedBlock() {
        let embeddedHeader = 2 * MemoryLayout<Int>.size  // embedded/include/tc_call_scope.h's TC_CALL_SCOPE_HEADER_WORDS
        #expect(RoundTallies.firstRoundsCapacity == AllocationSizes.cachedArrayCapacity(
            elementBytes: MemoryLayout<RoundTallies.Entry>.stride, blockHeaderBytes: embeddedHeader))
        #expect(RoundTallies.firstImpactsCapacity == AllocationSizes.cachedArrayCapacity(
            elementBytes: MemoryLayout<(x: Double, y: Double)>.stride, blockHeaderBytes: embeddedHeader))
    }
}
