#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

// The C ABI: one line per function over the wire layer. Declarations and documentation are in
// include/tournament_core.h; the linker script cmake/exports.map exports `tc_*` and nothing else.
// The functions are plain nonisolated Swift functions: any thread may call them.

/// `const char *tc_version(void)`: the library's version, a static string.
@_cdecl("tc_version")
public func tc_version() -> UnsafePointer<CChar> { versionCString }

/// `void tc_string_free(char *)`: frees a response; NULL is ignored.
@_cdecl("tc_string_free")
public func tc_string_free(_ response: UnsafeMutablePointer<CChar>?) { free(response) }

/// `char *tc_call(const char *method, const char *request_json)`.
@_cdecl("tc_call")
public func tc_call(_ method: UnsafePointer<CChar>?, _ request: UnsafePointer<CChar>?) -> UnsafeMutablePointer<CChar>? { Boundary.call(method, request) }

@_cdecl("tc_library_info")
public func tc_library_info(_ request: UnsafePointer<CChar>?) -> UnsafeMutablePointer<CChar>? { Boundary.call("library.info", request) }

@_cdecl("tc_tournaments_filter")
public func tc_tournaments_filter(_ request: UnsafePointer<CChar>?) -> UnsafeMutablePointer<CChar>? { Boundary.call("tournaments.filter", request) }

@_cdecl("tc_participants_resolve")
public func tc_participants_resolve(_ request: UnsafePointer<CChar>?) -> UnsafeMutablePointer<CChar>? { Boundary.call("participants.resolve", request) }

@_cdecl("tc_participants_display_name")
public func tc_participants_display_name(_ request: UnsafePointer<CChar>?) -> UnsafeMutablePointer<CChar>? { Boundary.call("participants.displayName", request) }

@_cdecl("tc_participants_repair_begin")
public func tc_participants_repair_begin(_ request: UnsafePointer<CChar>?) -> UnsafeMutablePointer<CChar>? { Boundary.call("participants.repairBegin", request) }

@_cdecl("tc_participants_repair_end")
public func tc_participants_repair_end(_ request: UnsafePointer<CChar>?) -> UnsafeMutablePointer<CChar>? { Boundary.call("participants.repairEnd", request) }

@_cdecl("tc_guests_check")
public func tc_guests_check(_ request: UnsafePointer<CChar>?) -> UnsafeMutablePointer<CChar>? { Boundary.call("guests.check", request) }

@_cdecl("tc_guests_add")
public func tc_guests_add(_ request: UnsafePointer<CChar>?) -> UnsafeMutablePointer<CChar>? { Boundary.call("guests.add", request) }

@_cdecl("tc_guests_generate_id")
public func tc_guests_generate_id(_ request: UnsafePointer<CChar>?) -> UnsafeMutablePointer<CChar>? { Boundary.call("guests.generateId", request) }

@_cdecl("tc_guests_validate_id")
public func tc_guests_validate_id(_ request: UnsafePointer<CChar>?) -> UnsafeMutablePointer<CChar>? { Boundary.call("guests.validateId", request) }

@_cdecl("tc_equipment_stats")
public func tc_equipment_stats(_ request: UnsafePointer<CChar>?) -> UnsafeMutablePointer<CChar>? { Boundary.call("equipment.stats", request) }

@_cdecl("tc_equipment_compare")
public func tc_equipment_compare(_ request: UnsafePointer<CChar>?) -> UnsafeMutablePointer<CChar>? { Boundary.call("equipment.compare", request) }

@_cdecl("tc_equipment_selection")
public func tc_equipment_selection(_ request: UnsafePointer<CChar>?) -> UnsafeMutablePointer<CChar>? { Boundary.call("equipment.selection", request) }

@_cdecl("tc_equipment_time_ranges")
public func tc_equipment_time_ranges(_ request: UnsafePointer<CChar>?) -> UnsafeMutablePointer<CChar>? { Boundary.call("equipment.timeRanges", request) }

@_cdecl("tc_scoring_leaderboard")
public func tc_scoring_leaderboard(_ request: UnsafePointer<CChar>?) -> UnsafeMutablePointer<CChar>? { Boundary.call("scoring.leaderboard", request) }

@_cdecl("tc_matches_sections")
public func tc_matches_sections(_ request: UnsafePointer<CChar>?) -> UnsafeMutablePointer<CChar>? { Boundary.call("matches.sections", request) }

@_cdecl("tc_matches_favorite")
public func tc_matches_favorite(_ request: UnsafePointer<CChar>?) -> UnsafeMutablePointer<CChar>? { Boundary.call("matches.favorite", request) }

@_cdecl("tc_matches_reconcile_favorites")
public func tc_matches_reconcile_favorites(_ request: UnsafePointer<CChar>?) -> UnsafeMutablePointer<CChar>? { Boundary.call("matches.reconcileFavorites", request) }
