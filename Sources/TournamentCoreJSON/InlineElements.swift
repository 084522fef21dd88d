// A tuple of `Element`s kept inline as a fixed array without an allocation (a cursor's member
// hints and the values it read past), read and written by index. `index` must be below the
// tuple's count. The tuple's address is used only inside these functions.

/// Element `index` of `tuple`.
@inline(__always)
@inlinable func element<Tuple, Element>(_ index: Int, of tuple: inout Tuple, as _: Element.Type) -> Element {
    withUnsafePointer(to: &tuple) { UnsafeRawPointer($0).assumingMemoryBound(to: Element.self)[index] }
}

/// Makes `value` element `index` of `tuple`.
@inline(__always)
@inlinable func setElement<Tuple, Element>(_ index: Int, of tuple: inout Tuple, to value: Element) {
    withUnsafeMutablePointer(to: &tuple) { UnsafeMutableRawPointer($0).assumingMemoryBound(to: Element.self)[index] = value }
}
