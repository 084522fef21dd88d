/// The value node of each known field of an object, indexed by the field's slot
/// (``RequestFields/slot``); -1 when the member is absent.
///
/// The slots are the lanes of a SIMD vector as wide as the field set needs
/// (``RequestFields/Slots``): no allocation, no reference counting, and setting a slot is a
/// select over the whole vector, in registers, not a store to a computed address that the
/// reads right after it would have to wait for.
/// A field set larger than ``capacity`` is not stored here; ``ObjectFields`` then finds its
/// members by scanning the object instead.
struct FieldSlots<Lanes: FieldLanes> {
    private var lanes = Lanes.absent

    static var capacity: Int { Lanes.scalarCount }

    /// The node in `slot`; -1 when absent or past ``capacity``. Setting past it does nothing.
    subscript(slot: Int) -> Int32 {
        @inline(__always) get {
            guard slot >= 0 && slot < Self.capacity else { return -1 }
            return lanes.value(at: slot)
        }
        @inline(__always) set {
            // A slot past the lanes matches none. (Slots are enum tags, below 256: converting
            // one to the lanes' type cannot wrap it onto a lane.)
            lanes = lanes.setting(lane: Int32(truncatingIfNeeded: slot), to: newValue)
        }
    }
}

/// A vector of slots: 4, 8 or 16 lanes of `Int32`.
///
/// Each vector type implements the select itself: written in a generic context, the SIMD
/// comparison and select resolve to the protocol's lane-by-lane loops, even once specialized;
/// in the concrete extensions they are the vector instructions. (Filling and reading a lane
/// compile alike either way, so they are written once, below.)
protocol FieldLanes: SIMD where Scalar == Int32 {
    /// The vector with `lane` set to `value`: every lane compares its index with `lane`, the
    /// matching one takes the value (a select, in registers).
    func setting(lane: Int32, to value: Int32) -> Self
}

extension FieldLanes {
    /// Every lane -1.
    @inline(__always) static var absent: Self { Self(repeating: -1) }

    /// The value in `lane` (an index in range).
    @inline(__always) func value(at lane: Int) -> Int32 { self[lane] }
}

extension SIMD4: FieldLanes where Scalar == Int32 {
    @inline(__always)
    func setting(lane: Int32, to value: Int32) -> Self {
        replacing(with: value, where: SIMD4(0, 1, 2, 3) .== SIMD4(repeating: lane))
    }
}

extension SIMD8: FieldLanes where Scalar == Int32 {
    @inline(__always)
    func setting(lane: Int32, to value: Int32) -> Self {
        replacing(with: value, where: SIMD8(0, 1, 2, 3, 4, 5, 6, 7) .== SIMD8(repeating: lane))
    }
}

extension SIMD16: FieldLanes where Scalar == Int32 {
    @inline(__always)
    func setting(lane: Int32, to value: Int32) -> Self {
        replacing(with: value, where: SIMD16(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15) .== SIMD16(repeating: lane))
    }
}
