extension String {
    /// Lends the text's UTF-8 bytes to `body`: borrowed, as every native string (small ones
    /// included) is contiguous; copied only for a bridged or lazy one.
    @inline(__always)
    func withUTF8Bytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        if let result = utf8.withContiguousStorageIfAvailable(body) { return result }
        return Array(utf8).withUnsafeBufferPointer(body)
    }
}
