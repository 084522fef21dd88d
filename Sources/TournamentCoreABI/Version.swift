/// The version string `tc_version` returns: static, NUL-terminated (Swift emits string literals
/// with a terminating NUL), never freed. Tests keep it equal to `TC_VERSION_STRING` and to
/// `LibraryVersion.string`.
private let version: StaticString = "0.2.0"

var versionCString: UnsafePointer<CChar> {
    UnsafeRawPointer(version.utf8Start).assumingMemoryBound(to: CChar.self)
}
