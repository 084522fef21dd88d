extension Array {
    /// Sorts the array in place by `areInIncreasingOrder`, keeping elements that neither
    /// precedes in their order (stable), as the standard library's `sort(by:)` does: with at most
    /// one allocation whatever the count (a copy of the array, merged into), where the standard
    /// library's sort also keeps a stack of runs that grows with it.
    ///
    /// Runs of ``stableSortRun`` elements are sorted by insertion, then merged pairwise, twice as
    /// long at each pass, from one buffer into the other; two runs already in order are copied.
    mutating func stableSort(by areInIncreasingOrder: (Element, Element) -> Bool) {
        let count = self.count
        guard count > 1 else { return }
        let run = Self.stableSortRun
        withUnsafeMutableBufferPointer { elements in
            var start = 0
            while start < count {
                let end = Swift.min(start + run, count)
                var next = start + 1
                while next < end {
                    let element = elements[next]
                    var place = next
                    while place > start && areInIncreasingOrder(element, elements[place - 1]) {
                        elements[place] = elements[place - 1]
                        place -= 1
                    }
                    elements[place] = element
                    next += 1
                }
                start = end
            }
        }
        guard count > run else { return }
        var other = self  // copied at its first write: the one allocation
        var width = run
        var sortedInSelf = true
        while width < count {
            if sortedInSelf {
                Self.mergeRuns(of: self, into: &other, width: width, by: areInIncreasingOrder)
            } else {
                Self.mergeRuns(of: other, into: &self, width: width, by: areInIncreasingOrder)
            }
            sortedInSelf.toggle()
            width = width > count / 2 ? count : width * 2
        }
        if !sortedInSelf { self = other }
    }

    /// How many elements ``stableSort(by:)`` sorts by insertion before merging.
    static var stableSortRun: Int { 16 }

    /// Merges each pair of adjacent sorted runs of `width` elements of `source` (the last ones
    /// maybe shorter) into one run at the same place in `destination`, which has as many
    /// elements; of two equal elements, the left run's comes first.
    private static func mergeRuns(
        of source: [Element], into destination: inout [Element], width: Int,
        by areInIncreasingOrder: (Element, Element) -> Bool
    ) {
        source.withUnsafeBufferPointer { source in
            destination.withUnsafeMutableBufferPointer { destination in
                let count = source.count
                var start = 0
                while start < count {
                    let middle = Swift.min(start + width, count)
                    let end = count - middle > width ? middle + width : count
                    var left = start, right = middle, place = start
                    if middle < end && areInIncreasingOrder(source[middle], source[middle - 1]) {
                        while left < middle && right < end {
                            if areInIncreasingOrder(source[right], source[left]) {
                                destination[place] = source[right]
                                right += 1
                            } else {
                                destination[place] = source[left]
                                left += 1
                            }
                            place += 1
                        }
                    }
                    while left < middle {
                        destination[place] = source[left]
                        left += 1
                        place += 1
                    }
                    while right < end {
                        destination[place] = source[right]
                        right += 1
                        place += 1
                    }
                    start = end
                }
            }
        }
    }
}
