import Testing
import TournamentCore

@Suite("Arrow")
struct ArrowTests {
    @Test("scores 0 to 10 are valid, others are not", arguments: -1...11)
    func scores(score: Int) {
        let valid = (try? Arrow(score: score)) != nil
        #expect(valid == (0...10).contains(score))
    }

    @Test("only a 10 can be an X")
    func xOnlyOnTen() throws {
        #expect(try Arrow(score: 10, isX: true).isX)
        for score in 0...9 {
            #expect(throws: ArrowError.xWithoutTen) { try Arrow(score: score, isX: true) }
        }
    }

    @Test("coordinates must be finite and within ±1000", arguments: [Double.nan, .infinity, -.infinity, 1000.5, -1e300])
    func coordinates(value: Double) {
        #expect(throws: ArrowError.coordinateOutOfRange(.x)) { try Arrow(score: 5, x: value, y: 0) }
        #expect(throws: ArrowError.coordinateOutOfRange(.y)) { try Arrow(score: 5, x: 0, y: value) }
    }

    @Test("misses may lie outside the face")
    func missesOutsideFace() throws {
        #expect(try Arrow(score: 0, x: -1.7, y: 3.2).impact?.x == -1.7)
        #expect(try Arrow(score: 0, x: 1000, y: -1000).impact?.y == -1000)
    }

    @Test("an impact needs both coordinates")
    func impact() throws {
        #expect(try Arrow(score: 9, x: 0.1).impact == nil)
        #expect(try Arrow(score: 9, y: 0.1).impact == nil)
        #expect(try Arrow(score: 9).impact == nil)
    }

    @Test("an arrow reads back what it was made of, every score, X and coordinate state")
    func readsBack() throws {
        for score in 0...10 {
            for isX in score == 10 ? [false, true] : [false] {
                for (x, y) in [(nil, nil), (0.25, nil), (nil, -0.5), (-0.0, 1000.0)] as [(Double?, Double?)] {
                    let arrow = try Arrow(score: score, isX: isX, x: x, y: y)
                    #expect(arrow.score == score && arrow.isX == isX && arrow.x == x && arrow.y == y)
                }
            }
        }
    }

    @Test("arrows are equal and hash alike when their values are: unrecorded equals unrecorded, -0 equals 0")
    func equality() throws {
        #expect(try Arrow(score: 7) == Arrow(score: 7))
        #expect(try Arrow(score: 7, x: 0.5) == Arrow(score: 7, x: 0.5))
        #expect(try Arrow(score: 7, x: -0.0, y: 0) == Arrow(score: 7, x: 0, y: -0.0))
        #expect(try Arrow(score: 7, x: -0.0, y: 0).hashValue == Arrow(score: 7, x: 0, y: -0.0).hashValue)
        #expect(try Arrow(score: 7) != Arrow(score: 7, x: 0))
        #expect(try Arrow(score: 10) != Arrow(score: 10, isX: true))
        #expect(try Set([Arrow(score: 3), Arrow(score: 3), Arrow(score: 3, y: 0.1)]).count == 2)
    }
}
