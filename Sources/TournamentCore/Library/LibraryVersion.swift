/// The version of this library.
///
/// The C header carries the same numbers as `TC_VERSION_MAJOR`, `TC_VERSION_MINOR` and
/// `TC_VERSION_PATCH`; a test keeps them equal.
public enum LibraryVersion {
    /// Incremented for incompatible changes of the API or of any method's contract.
    public static let major = 0
    /// Incremented for added functionality.
    public static let minor = 2
    /// Incremented for fixes.
    public static let patch = 0
    /// `"MAJOR.MINOR.PATCH"`.
    public static let string = "\(major).\(minor).\(patch)"
    /// The version of the C ABI (the set of `tc_*` functions and their conventions).
    public static let abiVersion = 1
    /// The library's name.
    public static let name = "TournamentCore"
}
