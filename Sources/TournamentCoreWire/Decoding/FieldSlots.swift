/// The value node of each known field of an object, indexed by the field's ordinal; -1 when the
/// member is absent. Sixteen slots live inline (no allocation per object); a field set larger than
/// that (none today) spills into an array.
struct FieldSlots {
    private var inline: (Int32, Int32, Int32, Int32, Int32, Int32, Int32, Int32,
                         Int32, Int32, Int32, Int32, Int32, Int32, Int32, Int32)
        = (-1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1)
    private var spill: [Int32]?

    static let inlineCount = 16

    init(count: Int) {
        if count > Self.inlineCount {
            spill = Array(repeating: -1, count: count - Self.inlineCount)
        }
    }

    subscript(ordinal: Int) -> Int32 {
        get {
            if ordinal < Self.inlineCount {
                return withUnsafeBytes(of: inline) { $0.load(fromByteOffset: ordinal * 4, as: Int32.self) }
            }
            return spill?[ordinal - Self.inlineCount] ?? -1
        }
        set {
            if ordinal < Self.inlineCount {
                withUnsafeMutableBytes(of: &inline) { $0.storeBytes(of: newValue, toByteOffset: ordinal * 4, as: Int32.self) }
            } else {
                spill?[ordinal - Self.inlineCount] = newValue
            }
        }
    }
}
