import Testing
import TestFiles
@testable import TournamentCore

@Suite("Array.stableSort")
struct ArrayStableSortTests {
    @Test("sorts as a sort by key then by original place does, for every count around the runs and their doublings")
    func sortsStablyByKey() {
        var generator = SeededGenerator()
        let run = [Int].stableSortRun
        let counts = Array(0...(3 * run + 1)) + [4 * run - 1, 4 * run, 4 * run + 1, 8 * run + 3, 1_000, 4_099]
        for count in counts {
            for keys in [3, 50, 1_000_000] {  // many equal keys, some, hardly any
                let elements = (0..<count).map { place in (key: Int.random(in: 0..<keys, using: &generator), place: place) }
                var sorted = elements
                sorted.stableSort { $0.key < $1.key }
                let expected = elements.sorted { ($0.key, $0.place) < ($1.key, $1.place) }
                #expect(sorted.map(\.place) == expected.map(\.place), "seed \(generator.seed): \(count) elements, keys below \(keys)")
            }
        }
    }

    @Test("an array already in order, in reverse order or all equal keeps its equal elements' order")
    func sortsOrderedInputs() {
        for count in [0, 1, 2, 17, 33, 100, 1_025] {
            var ascending = Array(0..<count)
            ascending.stableSort(by: <)
            #expect(ascending == Array(0..<count))
            var descending = Array((0..<count).reversed())
            descending.stableSort(by: <)
            #expect(descending == Array(0..<count))
            var equal = (0..<count).map { (key: 7, place: $0) }
            equal.stableSort { $0.key < $1.key }
            #expect(equal.map(\.place) == Array(0..<count))
        }
    }

    @Test("sorts elements that are references, keeping each one")
    func sortsReferences() {
        let names = (0..<300).map { "name \(($0 * 7_919) % 300)" }
        var sorted = names
        sorted.stableSort(by: <)
        #expect(sorted == names.sorted())
    }
}
