/// The domain's lazily initialized globals, made at once.
///
/// In the Embedded builds a failed allocation ends a call by leaving it where it is (see
/// embedded/call_scope.c); a global whose initializer was left so would stay "being
/// initialized", and the next thread to read it would wait forever. So the wire layer makes
/// these once per process before a call's rules run (`LazyGlobalPreparation`). A test reads
/// every one-time initialization token of the built library after a call of each method and
/// fails on any not made: a new global of the domain belongs here. The time zone database is not
/// one of them: it is decoded when first needed, and published only once complete
/// (``TimeZoneDatabase``).
public enum LazyGlobals {
    /// Makes them.
    public static func make() {
        keep(RepairRegistry.shared)
        keep(LibraryVersion.string)
        keep(GuestID.alphabet)
        keep(IANATimeZone.utc)
        ParticipantDisplayName.makePlaceholders()
        // (Not the standard library's hashing seed, the one other lazy global: it reads random
        // bytes and allocates nothing, so no failed allocation can leave it half made, and a
        // host whose random source fails still gets every call that does not hash.)
    }

    /// Reads `value` where the optimizer cannot drop the read (and with it the initialization).
    @inline(never)
    public static func keep<Value>(_ value: Value) {
        withExtendedLifetime(value) {}
    }
}
