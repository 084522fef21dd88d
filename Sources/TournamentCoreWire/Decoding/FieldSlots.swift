/// The value node of each known field of an object, indexed by the field's slot
/// (``RequestFields/slot``); -1 when the member is absent.
///
/// Sixteen inline slots: no allocation and no reference counting per object. A field set
/// larger than ``capacity`` (none today) is not stored here; ``ObjectFields`` then finds its
/// members by scanning the object instead.
struct FieldSlots {
    private var storage: (Int32, Int32, Int32, Int32, Int32, Int32, Int32, Int32,
                          Int32, Int32, Int32, Int32, Int32, Int32, Int32, Int32)
        = (-1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1)

    static let capacity = 16

    /// The node in `slot`; -1 when absent or past ``capacity``. Setting past it does nothing.
    subscript(slot: Int) -> Int32 {
        @inline(__always) get {
            guard slot >= 0 && slot < Self.capacity else { return -1 }
            return withUnsafeBytes(of: storage) { $0.load(fromByteOffset: slot * 4, as: Int32.self) }
        }
        @inline(__always) set {
            guard slot >= 0 && slot < Self.capacity else { return }
            withUnsafeMutableBytes(of: &storage) { $0.storeBytes(of: newValue, toByteOffset: slot * 4, as: Int32.self) }
        }
    }
}
