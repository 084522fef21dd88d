// The seven methods of the issue 70 table as the Kotlin benchmark and the peer's checker use them:
// each with its request and result classes, its typed function and the peer's (Peer.kt). Only
// the binding's public API: TournamentCore's typed functions and call, TournamentCoreJson.
package tournamentcore.benchmarks

import com.google.gson.JsonParseException
import tournamentcore.*

class Method<Q : Any, R : Any>(
    val name: String,
    val requestType: Class<Q>,
    val resultType: Class<R>,
    val typed: (TournamentCore, Q) -> R,
    val peer: (Q) -> R
) {
    /** [json] as this method's request object, or null when the typed classes cannot hold it. */
    fun requestOrNull(json: String): Q? = try {
        TournamentCoreJson.fromJson(json, requestType)
    } catch (e: JsonParseException) {
        null
    }

    fun decodeResult(json: String): R = TournamentCoreJson.fromJson(json, resultType)

    /** The typed call's answer to [request]. */
    fun typedOutcome(core: TournamentCore, request: Any): Outcome = outcome { typed(core, requestType.cast(request)) }

    /** The peer's answer to [request]. */
    fun peerOutcome(request: Any): Outcome = outcome { peer(requestType.cast(request)) }
}

/** A call's result, or its error (code, message, path); compared by the result's JSON text as the binding writes it. */
class Outcome(val result: Any?, val error: Triple<String, String, String?>?) {
    val text: String = if (result != null) TournamentCoreJson.toJson(result) else "error $error"

    /** Equal results (data classes, compared member by member) with the same text, or the same error. */
    fun sameAs(other: Outcome): Boolean = result == other.result && text == other.text && error == other.error

    override fun toString(): String = if (text.length > 600) text.substring(0, 600) + "..." else text

    /** Both texts from a little before their first difference (or the start), for a report. */
    fun against(other: Outcome): Pair<String, String> {
        var first = 0
        while (first < text.length && first < other.text.length && text[first] == other.text[first]) first++
        val from = maxOf(0, first - 120)
        fun cut(value: String) = (if (from > 0) "..." else "") + value.substring(minOf(from, value.length)).take(400)
        return cut(text) to cut(other.text)
    }
}

inline fun outcome(call: () -> Any): Outcome = try {
    Outcome(call(), null)
} catch (e: TournamentCoreException) {
    Outcome(null, Triple(e.code, e.message, e.path))
}

val METHODS: List<Method<*, *>> = listOf(
    Method("tournaments.filter", TournamentsFilterRequest::class.java, TournamentsFilterResult::class.java,
        { core, request -> core.tournamentsFilter(request) }, KotlinPeer::tournamentsFilter),
    Method("guests.check", GuestsCheckRequest::class.java, GuestCheck::class.java,
        { core, request -> core.guestsCheck(request) }, KotlinPeer::guestsCheck),
    Method("equipment.stats", EquipmentStatsRequest::class.java, EquipmentStatsResult::class.java,
        { core, request -> core.equipmentStats(request) }, KotlinPeer::equipmentStats),
    Method("equipment.compare", EquipmentCompareRequest::class.java, EquipmentCompareResult::class.java,
        { core, request -> core.equipmentCompare(request) }, KotlinPeer::equipmentCompare),
    Method("scoring.leaderboard", ScoringLeaderboardRequest::class.java, ScoringLeaderboardResult::class.java,
        { core, request -> core.scoringLeaderboard(request) }, KotlinPeer::scoringLeaderboard),
    Method("matches.sections", MatchesSectionsRequest::class.java, MatchesSectionsResult::class.java,
        { core, request -> core.matchesSections(request) }, KotlinPeer::matchesSections),
    Method("participants.resolve", ParticipantsResolveRequest::class.java, ParticipantsResolveResult::class.java,
        { core, request -> core.participantsResolve(request) }, KotlinPeer::participantsResolve))

fun methodNamed(name: String): Method<*, *>? = METHODS.firstOrNull { it.name == name }
