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
}
