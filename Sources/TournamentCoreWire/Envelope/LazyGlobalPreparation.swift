import TournamentCore
#if canImport(TCEmbeddedLibc)
import TCEmbeddedLibc  // tc_call_scope_prepare_once (embedded/include)
#endif

/// The library's lazily initialized globals, made before the rules that read them run.
///
/// In the Embedded builds a failed allocation ends a call by leaving it where it is
/// (embedded/call_scope.c), and a global whose initializer was left so would stay "being
/// initialized": the next thread to read it would wait forever. So each call first makes, once
/// per process, the globals every call may read (the method names' key table and the domain's
/// ``LazyGlobals``) and then its method's request key tables (generated from its schema, and
/// any other it reads: ``WireMethod/makeOtherKeyTables()``), through `tc_call_scope_prepare`,
/// which serves the runtime's failed allocations there from a reserve. Each method's tables are
/// made by its first call, as they would be on first use. Elsewhere (SwiftPM builds, with the
/// full runtime) this does nothing and the globals are made on first use.
///
/// A test reads every one-time initialization token of the built library after a call of each
/// method and fails on any not made: a new lazy global belongs in one of these lists.
enum LazyGlobalPreparation {
    /// The globals every call may read.
    @inline(__always)
    static func prepareShared() {
        #if canImport(TCEmbeddedLibc)
        tc_call_scope_prepare_once(0) { _ in
            MethodRegistry.makeTables()
            LazyGlobals.make()
        }
        #endif
    }

    /// The request key tables of the method at `index` in `MethodRegistry.methods`.
    @inline(__always)
    static func prepare(forMethodAt index: Int) {
        #if canImport(TCEmbeddedLibc)
        tc_call_scope_prepare_once(UInt32(truncatingIfNeeded: index + 1)) { slot in
            let index = Int(slot) - 1
            Members.makeTables(forMethodAt: index)
            if MethodRegistry.methods.indices.contains(index) { MethodRegistry.methods[index].makeOtherKeyTables() }
        }
        #endif
    }
}
