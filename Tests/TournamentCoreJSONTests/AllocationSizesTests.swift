import Testing
import TournamentCoreJSON

@Suite("AllocationSizes")
struct AllocationSizesTests {
    @Test("a cached payload and the call scope's header make exactly the largest cached block")
    func payloadAndHeaderFillTheCachedBlock() {
        #expect(AllocationSizes.cachedPayloadBytes + AllocationSizes.blockHeaderBytes == AllocationSizes.cachedBlockBytes)
        #expect(AllocationSizes.blockHeaderBytes == 0)  // (swift test builds full Swift: no call scope)
    }

    @Test("an array that starts at its cached capacity fits a cached block, with its header, and one element more does not")
    func cachedArrayCapacityFillsTheBlock() {
        for elementBytes in [1, 8, 16, 24, 56, 64, 100, 1000] {
            let capacity = AllocationSizes.cachedArrayCapacity(elementBytes: elementBytes)
            #expect(AllocationSizes.arrayHeaderBytes + capacity * elementBytes <= AllocationSizes.cachedPayloadBytes)
            #expect(AllocationSizes.arrayHeaderBytes + (capacity + 1) * elementBytes > AllocationSizes.cachedPayloadBytes)
        }
        #expect(AllocationSizes.cachedArrayCapacity(elementBytes: 5000) == 1)
    }
}
