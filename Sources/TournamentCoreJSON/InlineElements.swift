/// The address of element `index` of `tuple`, a tuple of `Element`s kept inline as a fixed
/// array without an allocation (a cursor's member hints and the values it read past). `index`
/// must be below the tuple's count; the address holds while `tuple`, a stored property of a
/// value that the caller mutates in place, stays where it is.
@inline(__always)
@inlinable func elementAddress<Tuple, Element>(
    _ index: Int, in tuple: inout Tuple, of _: Element.Type
) -> UnsafeMutablePointer<Element> {
    withUnsafeMutablePointer(to: &tuple) { UnsafeMutableRawPointer($0).assumingMemoryBound(to: Element.self) + index }
}
