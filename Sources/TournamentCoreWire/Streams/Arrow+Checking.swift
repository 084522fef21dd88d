import TournamentCore

extension Arrow {
    /// The arrow read, refused where ``Arrow`` refuses one (an X that is not a 10), at the
    /// member the refusal is about.
    @inline(__always)
    init<Text>(checking arrow: Requests.Arrow<Text>) throws(RequestRefusal) {
        do throws(ArrowError) {
            // The schema bounds the score (0...10, so it fits an Int) and the coordinates.
            try self.init(score: Int(truncatingIfNeeded: arrow.score), isX: arrow.isX ?? false, x: arrow.x, y: arrow.y)
        } catch {
            throw Self.refusal(error)
        }
    }

    @inline(never)
    private static func refusal(_ error: ArrowError) -> RequestRefusal {
        let member = switch error {
        case .scoreOutOfRange: "score"
        case .xWithoutTen: "isX"
        case .coordinateOutOfRange(let axis): axis == .x ? "x" : "y"
        }
        return RequestRefusal(message: error.description, member: member)
    }
}
