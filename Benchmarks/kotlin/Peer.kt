// The same rules in plain Kotlin: what a Kotlin developer would write instead of calling
// TournamentCore, for the seven methods of the issue 70 table, with the library's validation (the
// same checks in the same order, the same codes, messages and JSONPaths). A port of
// Benchmarks/python/peer.py, which matches the library on every golden request.
//
// Over the binding's own request and result classes (Types.kt), not over Gson trees: a Kotlin app
// that has TournamentCore's types holds its data in them (decoded from its database or network
// layer), and the typed binding is timed against the peer on exactly the same request object, so
// both answer the same question with the same input and output. What the classes cannot hold
// (a string where a number belongs, a fraction for an integer, a missing required member) is
// refused when decoding, before either runs; what they can hold and the contract refuses (a
// negative count, a score of 11, an empty id, an unknown time zone...) is checked here, in the
// library's order. Benchmarks/kotlin/CheckPeer.kt checks it against the library first.
//
//     KotlinPeer.guestsCheck(request)   // the result, or throws TournamentCoreException
//
// Known differences from the library (CheckPeer.kt runs every golden and benchmark request the
// typed classes can hold, and fails on any difference):
// - A value is quoted in a message as the binding writes it into the request (Double.toString:
//   `1500.0`, `1.0E300`; strings escaped as Gson escapes them), which is what the library quotes
//   for a typed call.
// - matches.sections reads time zones with java.time (the JDK's tzdb; the library embeds 2025b).
// - Sums are Longs: the library refuses a total beyond 2^63 - 1, this would wrap (a request could
//   only hold one with some 10^18 arrows).
// Kotlin 1.3 source (the Debian kotlinc the build uses).
package tournamentcore.benchmarks

import com.google.gson.JsonElement
import com.google.gson.JsonPrimitive
import tournamentcore.*
import java.math.BigDecimal
import java.math.RoundingMode
import java.text.Normalizer
import java.time.LocalDate
import java.time.ZoneId
import java.time.zone.ZoneRules
import java.util.Locale
import java.util.concurrent.ConcurrentHashMap

private const val INT32_MAX = Int.MAX_VALUE.toLong()
private const val LAST_TIMESTAMP = 253402300799999L   // the last millisecond of year 9999
private const val DAY_MS = 86400000L

/**
 * A refused request. Readers throw it with the path relative to what they read (`.score`); each
 * enclosing level prefixes its part as the exception goes up ([inside]), so no path is built for
 * values that are fine. No stack trace: it is the answer, not a bug.
 */
private class Refusal(override val message: String, var relative: String?, val code: String = "INVALID_REQUEST") :
    RuntimeException(message, null, false, false)

private fun inside(prefix: String, refusal: Refusal): Refusal {
    val relative = refusal.relative
    if (relative != null) refusal.relative = prefix + relative
    return refusal
}

/** The public face of a refusal: the binding's own exception, as the typed call throws it. */
private inline fun <R> answer(rules: () -> R): R = try {
    rules()
} catch (refusal: Refusal) {
    throw TournamentCoreException(refusal.code, refusal.message, refusal.relative?.let { "\$$it" })
}

// MARK: - Quoting values in messages

/** A string as the binding writes it (Gson's JsonWriter without HTML escaping). */
private fun jsonString(text: String): String {
    val out = StringBuilder(text.length + 2).append('"')
    for (c in text) {
        when {
            c == '"' -> out.append("\\\"")
            c == '\\' -> out.append("\\\\")
            c == '\t' -> out.append("\\t")
            c == '\b' -> out.append("\\b")
            c == '\n' -> out.append("\\n")
            c == '\r' -> out.append("\\r")
            c == '\u000c' -> out.append("\\f")
            c < ' ' || c == '\u2028' || c == '\u2029' -> out.append(String.format("\\u%04x", c.toInt()))
            else -> out.append(c)
        }
    }
    return out.append('"').toString()
}

/** What the library quotes: at most 40 bytes of the value's text in the request, then "...". */
private fun quoteText(json: String): String {
    if (json.length <= 13) return json   // at most 3 bytes per UTF-16 unit
    val bytes = json.toByteArray(Charsets.UTF_8)
    return if (bytes.size <= 40) json else String(bytes, 0, 40, Charsets.UTF_8) + "..."
}

private fun quote(text: String) = quoteText(jsonString(text))
private fun quote(number: Double) = quoteText(number.toString())   // Gson writes Double.toString

private fun quote(element: JsonElement): String = when {
    element.isJsonNull -> "null"
    element.isJsonObject -> "an object"
    element.isJsonArray -> "an array"
    (element as JsonPrimitive).isString -> quote(element.asString)
    else -> quoteText(element.asString)   // a number's text as given, or true/false
}

// MARK: - Checks the classes cannot make

private fun nonEmpty(value: String, path: String): String {
    if (value.length == 0) throw Refusal("Expected a non-empty string.", path)
    return value
}

private fun integer(value: Long, path: String, low: Long, high: Long): Long {
    if (value < low || value > high) throw Refusal("Expected an integer from $low to $high, found $value.", path)
    return value
}

private fun count32(value: Int?, path: String): Int? {
    if (value != null && value < 0) throw Refusal("Expected an integer from 0 to $INT32_MAX, found $value.", path)
    return value
}

private fun count64(value: Long?, path: String): Long? {
    if (value != null && value < 0) throw Refusal("Expected an integer from 0 to ${Long.MAX_VALUE}, found $value.", path)
    return value
}

private fun bound(value: Double): String = if (value == Math.rint(value)) value.toLong().toString() else value.toString()

private fun number(value: Double, path: String, low: Double, high: Double): Double {
    if (value < low || value > high) {
        throw Refusal("Expected a number from ${bound(low)} to ${bound(high)}, found ${quote(value)}.", path)
    }
    return value
}

/** Each element of [values] through [read], in order; a refusal is prefixed with its place. */
private inline fun <T, R> readEach(values: List<T>, path: String, read: (T) -> R): ArrayList<R> {
    val results = ArrayList<R>(values.size)
    for (index in values.indices) {
        try {
            results.add(read(values[index]))
        } catch (refusal: Refusal) {
            throw inside("$path[$index]", refusal)
        }
    }
    return results
}

// Unicode's White_Space (what "blank" means), not Char.isWhitespace (which adds U+001C...U+001F
// and leaves out U+0085, U+00A0...).
private const val WHITE_SPACE = "\t\n\u000b\u000c\r \u0085\u00a0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006" +
    "\u2007\u2008\u2009\u200a\u2028\u2029\u202f\u205f\u3000"

private fun isWhite(c: Char) = WHITE_SPACE.indexOf(c) >= 0
private fun isBlank(text: String) = text.all(::isWhite)
private fun trimWhite(text: String) = text.trim(::isWhite)

private fun isAscii(text: String): Boolean {
    for (c in text) if (c >= '\u0080') return false
    return true
}

private fun utf8Length(text: String): Int {
    var count = 0
    var index = 0
    while (index < text.length) {
        val c = text[index]
        count += when {
            c < '\u0080' -> 1
            c < '\u0800' -> 2
            Character.isHighSurrogate(c) && index + 1 < text.length && Character.isLowSurrogate(text[index + 1]) -> { index++; 4 }
            else -> 3
        }
        index++
    }
    return count
}

// MARK: - Tournament documents (tournaments.filter, guests.check)

/** A stored tournament document, its seven known fields checked (in the contract's order) and normalized. */
private class Known(val id: String, val name: String, val location: String, val status: TournamentStatus,
                    val public: Boolean, val current: Int, val maximum: Int)

private fun statusOf(text: String?): TournamentStatus = when (text) {
    null, "OPEN" -> TournamentStatus.OPEN
    "IN_PROGRESS" -> TournamentStatus.IN_PROGRESS
    "COMPLETED" -> TournamentStatus.COMPLETED
    "CANCELLED" -> TournamentStatus.CANCELLED
    else -> when (text.toUpperCase(Locale.ROOT)) {   // any case, Unicode's full mapping (as Swift's uppercased())
        "IN_PROGRESS" -> TournamentStatus.IN_PROGRESS
        "COMPLETED" -> TournamentStatus.COMPLETED
        "CANCELLED" -> TournamentStatus.CANCELLED
        else -> TournamentStatus.OPEN
    }
}

private fun readTournament(document: TournamentDocument): Known {
    nonEmpty(document.id, ".id")
    val status = statusOf(document.status)
    return Known(document.id, document.name ?: "", document.location ?: "", status, document.public ?: false,
        count32(document.currentParticipants, ".currentParticipants") ?: 0,
        count32(document.maxParticipants, ".maxParticipants") ?: 0)
}

// MARK: - Search: ignoring case and diacritics

/**
 * NFD, nonspacing marks removed, each character through its full uppercase then lowercase mapping
 * (Java's toLowerCase makes a final capital sigma ς, which the per-character mapping does not:
 * put back).
 */
private fun fold(text: String): String {
    if (isAscii(text)) return text.toLowerCase(Locale.ROOT)
    val decomposed = Normalizer.normalize(text, Normalizer.Form.NFD)
    val stripped = StringBuilder(decomposed.length)
    var index = 0
    while (index < decomposed.length) {
        val point = decomposed.codePointAt(index)
        if (Character.getType(point) != Character.NON_SPACING_MARK.toInt()) stripped.appendCodePoint(point)
        index += Character.charCount(point)
    }
    return stripped.toString().toUpperCase(Locale.ROOT).toLowerCase(Locale.ROOT).replace('\u03c2', '\u03c3')
}

// MARK: - tournaments.filter

private val EMPTY_STATES = mapOf(
    TournamentTab.ACTIVE to EmptyState(EmptyStateIcon.TARGET, "No Active Tournaments", "Check back later for upcoming tournaments"),
    TournamentTab.COMPLETED to EmptyState(EmptyStateIcon.CHECKMARK_CIRCLE, "No Completed Tournaments", "Completed tournaments will appear here"),
    TournamentTab.ALL to EmptyState(EmptyStateIcon.TARGET, "No Tournaments", "Check back later for upcoming tournaments"))
private const val TAB_EXPECTED = "\"active\", \"completed\", \"all\" or a tab index"

/** A tab's name, or an integer index however written (`1`, `1.0`, `1e400`): 0 active, 1 completed, any other all. */
private fun readTab(value: JsonElement?): TournamentTab {
    if (value == null || value.isJsonNull) return TournamentTab.ACTIVE
    if (value is JsonPrimitive) {
        if (value.isString) {
            when (value.asString) {
                "active" -> return TournamentTab.ACTIVE
                "completed" -> return TournamentTab.COMPLETED
                "all" -> return TournamentTab.ALL
            }
        } else if (value.isNumber) {
            val index = BigDecimal(value.asString)
            if (index.signum() == 0) return TournamentTab.ACTIVE
            if (index.stripTrailingZeros().scale() <= 0) {
                return if (index.compareTo(BigDecimal.ONE) == 0) TournamentTab.COMPLETED else TournamentTab.ALL
            }
        }
    }
    throw Refusal("Expected $TAB_EXPECTED, found ${quote(value)}.", ".tab")
}

private fun tournamentsFilterRules(request: TournamentsFilterRequest): TournamentsFilterResult {
    // The contract's check order: invalidDocuments, tournaments, tab, publicOnly, query, limit.
    val skipping = request.invalidDocuments == InvalidDocuments.SKIP
    val documents = request.tournaments
    val read = ArrayList<Known>(documents.size)
    val kept = ArrayList<TournamentDocument>(documents.size)
    val skipped = ArrayList<SkippedDocument>()
    for (index in documents.indices) {
        val document = documents[index]
        try {
            read.add(readTournament(document))
            kept.add(document)
        } catch (refusal: Refusal) {
            inside(".tournaments[$index]", refusal)
            if (!skipping) throw refusal
            skipped.add(SkippedDocument(index.toLong(), if (document.id.length == 0) null else document.id,
                refusal.code, refusal.message, "\$" + refusal.relative))
        }
    }
    val tab = readTab(request.tab)
    val publicOnly = request.publicOnly ?: false
    val query = request.query
    val limit = count64(request.limit, ".limit")
    // A blank query (after trimming Unicode white space) searches nothing: every name matches.
    val needle = if (query.isNullOrEmpty()) "" else fold(trimWhite(query))

    var active = 0L
    var completed = 0L
    var total = 0L
    var matching = 0L
    val listed = ArrayList<Tournament>()
    for (position in read.indices) {
        val known = read[position]
        if (publicOnly && !known.public) continue
        if (needle.isNotEmpty() && !fold(known.name).contains(needle) && !fold(known.location).contains(needle)) continue
        total++
        val isActive = known.status == TournamentStatus.OPEN || known.status == TournamentStatus.IN_PROGRESS
        val isCompleted = known.status == TournamentStatus.COMPLETED
        if (isActive) active++
        if (isCompleted) completed++
        // CANCELLED is listed under "all" only.
        if ((tab == TournamentTab.ACTIVE && !isActive) || (tab == TournamentTab.COMPLETED && !isCompleted)) continue
        matching++
        if (limit != null && listed.size >= limit) continue
        // The document's other members follow, in its order, verbatim.
        listed.add(Tournament(known.id, known.name, known.location, known.status, known.public, known.current,
            known.maximum, kept[position].extra))
    }
    return TournamentsFilterResult(tab, listed, TabCounts(active, completed, total),
        TabLabels("Active ($active)", "Completed ($completed)"), matching == 0L,
        if (matching == 0L) EMPTY_STATES.getValue(tab) else null, if (skipping) skipped else null)
}

// MARK: - guests.check

private fun guestsCheckRules(request: GuestsCheckRequest): GuestCheck {
    val document = request.tournament
    val tournament = if (document == null) null else try {
        readTournament(document)
    } catch (refusal: Refusal) {
        throw inside(".tournament", refusal)
    }
    // Who added each guest (a participant who is not one does not count).
    val addedBy = ArrayList<String?>()
    readEach(request.participants ?: emptyList(), ".participants") { participant ->
        nonEmpty(participant.participantId, ".participantId")
        if (participant.guestParticipant == true) addedBy.add(participant.addedBy)
    }
    val user = request.currentUserId?.let { nonEmpty(it, ".currentUserId") }
    val perUser = count32(request.limits?.maxGuestsPerParticipant, ".limits.maxGuestsPerParticipant") ?: 2
    val total = count32(request.limits?.maxTotalGuests, ".limits.maxTotalGuests") ?: 10

    // IDs are compared as stored (exactly: no Unicode equivalence).
    val guests = addedBy.size.toLong()
    val mine = if (user == null) 0L else addedBy.count { it == user }.toLong()
    val remainingForUser = maxOf(0L, perUser - mine)
    val remainingTotal = maxOf(0L, total - guests)
    val reason = when {
        user == null -> GuestCheckReason(GuestCheckReasonCode.NOT_AUTHENTICATED, "You must be signed in to add a guest.")
        mine >= perUser -> GuestCheckReason(GuestCheckReasonCode.MAX_GUESTS_PER_USER_REACHED,
            "You can only add $perUser guest(s) per participant.")
        guests >= total -> GuestCheckReason(GuestCheckReasonCode.MAX_TOTAL_GUESTS_REACHED,
            "This tournament has reached the maximum of $total total guests.")
        tournament == null || tournament.status != TournamentStatus.IN_PROGRESS ->
            GuestCheckReason(GuestCheckReasonCode.TOURNAMENT_NOT_IN_PROGRESS, "Guests can only be added to tournaments in progress.")
        else -> null
    }
    return GuestCheck(mine, guests, remainingForUser, remainingTotal, minOf(remainingForUser, remainingTotal),
        reason == null, reason, GuestCheckLimits(perUser, total))
}

// MARK: - Arrows and rounds (equipment.stats, equipment.compare, scoring.leaderboard)

/** The figures of some arrows: count, total, tens, Xs, nines or better, and the impacts (arrows with both coordinates) in arrow order. */
private class Tally {
    var arrows = 0L
    var score = 0L
    var tens = 0L
    var xs = 0L
    var nines = 0L
    var impacts = 0
    var xsAt = DoubleArray(0)
    var ysAt = DoubleArray(0)

    private fun room(extra: Int) {
        if (impacts + extra > xsAt.size) {
            val size = maxOf(impacts + extra, xsAt.size * 2, 16)
            xsAt = xsAt.copyOf(size)
            ysAt = ysAt.copyOf(size)
        }
    }

    /** Checks and counts a list of arrows (at [path], for errors). */
    fun addArrows(list: List<Arrow>, path: String) {
        room(list.size)
        for (index in list.indices) {
            val arrow = list[index]
            val score = arrow.score
            val isX = arrow.isX ?: false
            val x = arrow.x
            val y = arrow.y
            try {
                if (score < 0 || score > 10) throw Refusal("Expected an integer from 0 to 10, found $score.", ".score")
                if (x != null && (x < -1000.0 || x > 1000.0)) number(x, ".x", -1000.0, 1000.0)
                if (y != null && (y < -1000.0 || y > 1000.0)) number(y, ".y", -1000.0, 1000.0)
                if (isX && score != 10) throw Refusal("Only a 10 can be an X.", ".isX")
            } catch (refusal: Refusal) {
                throw inside("$path[$index]", refusal)
            }
            this.score += score
            if (score >= 9) {
                nines++
                if (score == 10) {
                    tens++
                    if (isX) xs++
                }
            }
            if (x != null && y != null) {
                xsAt[impacts] = x
                ysAt[impacts] = y
                impacts++
            }
        }
        arrows += list.size
    }

    fun merge(other: Tally) {
        arrows += other.arrows
        score += other.score
        tens += other.tens
        xs += other.xs
        nines += other.nines
        room(other.impacts)
        System.arraycopy(other.xsAt, 0, xsAt, impacts, other.impacts)
        System.arraycopy(other.ysAt, 0, ysAt, impacts, other.impacts)
        impacts += other.impacts
    }
}

private class DatedTally(val date: Long, val tally: Tally)

/** A round, every arrow checked. */
private fun readRound(round: Round): DatedTally {
    val date = integer(round.date, ".date", 0, LAST_TIMESTAMP)
    val tally = Tally()
    tally.addArrows(round.arrows, ".arrows")
    return DatedTally(date, tally)
}

private fun readRounds(rounds: List<Round>, path: String) = readEach(rounds, path, ::readRound)

private class Range(val id: AppliedTimeRangeId, val start: Long?)

private val RANGE_LABELS = mapOf(AppliedTimeRangeId.SEVEN_DAYS to "7 Days", AppliedTimeRangeId.THIRTY_DAYS to "30 Days",
    AppliedTimeRangeId.NINETY_DAYS to "90 Days", AppliedTimeRangeId.ONE_YEAR to "1 Year",
    AppliedTimeRangeId.ALL_TIME to "All Time", AppliedTimeRangeId.CUSTOM to "Custom")

/** The time fields, in the contract's check order (startDate, timeRange, now). */
private fun readRange(startDate: Long?, timeRange: TimeRange?, now: Long?): Range {
    if (startDate != null) integer(startDate, ".startDate", 0, LAST_TIMESTAMP)
    if (timeRange != null && startDate != null) throw Refusal("Give either timeRange or startDate, not both.", ".timeRange")
    if (now != null) integer(now, ".now", 0, LAST_TIMESTAMP)
    if (startDate != null) return Range(AppliedTimeRangeId.CUSTOM, startDate)
    val (id, days) = when (timeRange ?: TimeRange.THIRTY_DAYS) {
        TimeRange.SEVEN_DAYS -> AppliedTimeRangeId.SEVEN_DAYS to 7L
        TimeRange.THIRTY_DAYS -> AppliedTimeRangeId.THIRTY_DAYS to 30L
        TimeRange.NINETY_DAYS -> AppliedTimeRangeId.NINETY_DAYS to 90L
        TimeRange.ONE_YEAR -> AppliedTimeRangeId.ONE_YEAR to 365L
        TimeRange.ALL_TIME -> return Range(AppliedTimeRangeId.ALL_TIME, null)
    }
    return Range(id, (now ?: System.currentTimeMillis()) - days * DAY_MS)
}

private class Counted(val tally: Tally, val rounds: Long)

/** The tally of the rounds on or after [start] (null: all), and how many of them have arrows. */
private fun counted(rounds: List<DatedTally>, start: Long?): Counted {
    val total = Tally()
    var count = 0L
    for (round in rounds) {
        if (start == null || round.date >= start) {
            total.merge(round.tally)
            if (round.tally.arrows > 0) count++
        }
    }
    return Counted(total, count)
}

private fun statsOf(setupId: Long, tally: Tally, rounds: Long): Stats {
    val n = tally.arrows
    return if (n == 0L) Stats(setupId, 0, tally.score, 0.0, 0.0, 0.0, tally.xs, tally.tens, rounds)
    else Stats(setupId, n, tally.score, tally.score.toDouble() / n, (tally.tens * 100).toDouble() / n,
        (tally.nines * 100).toDouble() / n, tally.xs, tally.tens, rounds)
}

/** Means and population standard deviations, two passes in arrow order; null without impacts. */
private fun driftOf(setupId: Long, tally: Tally): Drift? {
    val n = tally.impacts
    if (n == 0) return null
    val xs = tally.xsAt
    val ys = tally.ysAt
    var sumX = 0.0
    for (i in 0 until n) sumX += xs[i]
    var sumY = 0.0
    for (i in 0 until n) sumY += ys[i]
    val meanX = sumX / n
    val meanY = sumY / n
    var squaresX = 0.0
    for (i in 0 until n) squaresX += (xs[i] - meanX) * (xs[i] - meanX)
    var squaresY = 0.0
    for (i in 0 until n) squaresY += (ys[i] - meanY) * (ys[i] - meanY)
    return Drift(setupId, meanX, meanY, Math.sqrt(squaresX / n), Math.sqrt(squaresY / n), n.toLong())
}

// MARK: - equipment.stats

private fun equipmentStatsRules(request: EquipmentStatsRequest): EquipmentStatsResult {
    // Check order: setupId, rounds, startDate, timeRange, now.
    val rounds = readRounds(request.rounds, ".rounds")
    val range = readRange(request.startDate, request.timeRange, request.now)
    val counted = counted(rounds, range.start)
    return EquipmentStatsResult(statsOf(request.setupId, counted.tally, counted.rounds), driftOf(request.setupId, counted.tally))
}

// MARK: - equipment.compare

private const val BOTH = "Give either rounds or precomputed stats and drift, not both."

/** A setup, checked: its rounds, or its precomputed figures (each member absent or null counts as 0). */
private class Setup(val id: Long, val name: String?, val rounds: List<DatedTally>?, val stats: PrecomputedStats?,
                    val drift: PrecomputedDrift?)

private fun readSetup(setup: SetupInput, path: String): Setup {
    val rounds = setup.rounds?.let { readRounds(it, "$path.rounds") }
    val stats = setup.stats
    if (stats != null) {
        if (rounds != null) throw Refusal(BOTH, "$path.stats")
        val at = "$path.stats"
        count64(stats.totalArrows, "$at.totalArrows")
        count64(stats.totalScore, "$at.totalScore")
        stats.averageScore?.let { number(it, "$at.averageScore", 0.0, 10.0) }
        stats.accuracy?.let { number(it, "$at.accuracy", 0.0, 100.0) }
        stats.consistency?.let { number(it, "$at.consistency", 0.0, 100.0) }
        count64(stats.xCount, "$at.xCount")
        count64(stats.tenCount, "$at.tenCount")
        count64(stats.roundCount, "$at.roundCount")
    }
    val drift = setup.drift
    if (drift != null) {
        if (rounds != null) throw Refusal(BOTH, "$path.drift")
        val at = "$path.drift"
        drift.xDriftAverage?.let { number(it, "$at.xDriftAverage", -1000.0, 1000.0) }
        drift.yDriftAverage?.let { number(it, "$at.yDriftAverage", -1000.0, 1000.0) }
        drift.xSpread?.let { number(it, "$at.xSpread", 0.0, 2000.0) }
        drift.ySpread?.let { number(it, "$at.ySpread", 0.0, 2000.0) }
        count64(drift.arrowCount, "$at.arrowCount")
    }
    return Setup(setup.id, setup.name, rounds, stats, drift)
}

private class Side(val name: String, val stats: Stats, val drift: Drift?)

/** A setup's name as shown, its stats and drift. */
private fun side(setup: Setup, start: Long?, path: String): Side {
    val id = setup.id
    val name = if (setup.name != null && !isBlank(setup.name)) setup.name else "Setup #$id"
    val stats = setup.stats
    val drift = setup.drift
    if (stats == null && drift == null) {
        val counted = counted(setup.rounds ?: emptyList(), start)
        return Side(name, statsOf(id, counted.tally, counted.rounds), driftOf(id, counted.tally))
    }
    for ((given, key) in listOf(stats?.setupId to "stats", drift?.setupId to "drift")) {
        if (given != null && given != id) throw Refusal("Expected the setup's id $id, found $given.", "$path.$key.setupId")
    }
    val shownStats = if (stats == null) statsOf(id, Tally(), 0) else Stats(id, stats.totalArrows ?: 0, stats.totalScore ?: 0,
        stats.averageScore ?: 0.0, stats.accuracy ?: 0.0, stats.consistency ?: 0.0, stats.xCount ?: 0, stats.tenCount ?: 0,
        stats.roundCount ?: 0)
    val shownDrift = if (drift == null) null else Drift(id, drift.xDriftAverage ?: 0.0, drift.yDriftAverage ?: 0.0,
        drift.xSpread ?: 0.0, drift.ySpread ?: 0.0, drift.arrowCount ?: 0)
    return Side(name, shownStats, shownDrift)
}

private val UP = Pair(DeltaDisplayTrend.UP, DeltaDisplayColor.GREEN)
private val DOWN = Pair(DeltaDisplayTrend.DOWN, DeltaDisplayColor.RED)

/**
 * A delta as shown: two decimals rounded as printf's %.2f (the exact binary value, ties to even:
 * BigDecimal of the double, not String.format, which rounds the shortest decimal half up), its
 * sign the displayed value's.
 */
private fun display(delta: Double): DeltaDisplay {
    val text = BigDecimal(minOf(Math.abs(delta), 9e13)).setScale(2, RoundingMode.HALF_EVEN).toPlainString()
    val sign = if (text == "0.00") 0 else if (delta > 0) 1 else -1
    return shown(text, sign)
}

private fun display(delta: Long): DeltaDisplay = shown(Math.abs(delta).toString(), java.lang.Long.signum(delta))

private fun shown(text: String, sign: Int): DeltaDisplay = when {
    sign > 0 -> DeltaDisplay("+$text", UP.first, UP.second)
    sign < 0 -> DeltaDisplay("-$text", DOWN.first, DOWN.second)
    else -> DeltaDisplay(text, DeltaDisplayTrend.FLAT, DeltaDisplayColor.GRAY)
}

private fun equipmentCompareRules(request: EquipmentCompareRequest): EquipmentCompareResult {
    // Check order: startDate, timeRange, now, setupA, setupB.
    val range = readRange(request.startDate, request.timeRange, request.now)
    val a = readSetup(request.setupA, ".setupA")
    val b = readSetup(request.setupB, ".setupB")
    val sideA = side(a, range.start, ".setupA")
    val sideB = side(b, range.start, ".setupB")
    if (a.id == b.id) throw Refusal("Choose two different setups to compare.", null, "SAME_SETUP")
    val averages = sideB.stats.averageScore - sideA.stats.averageScore
    val accuracy = sideB.stats.accuracy - sideA.stats.accuracy
    val consistency = sideB.stats.consistency - sideA.stats.consistency
    val arrows = sideB.stats.totalArrows - sideA.stats.totalArrows
    return EquipmentCompareResult(sideA.name, sideB.name, sideA.stats, sideB.stats, sideA.drift, sideB.drift,
        SetupDeltas(averages, accuracy, consistency, arrows),
        SetupDeltaDisplays(display(averages), display(accuracy), display(consistency), display(arrows)),
        AppliedTimeRange(range.id, RANGE_LABELS.getValue(range.id), range.start))
}

// MARK: - scoring.leaderboard

private const val BOTH_TOTALS = "Give either arrows or totals, not both."

private class Entry(val score: Long, val tens: Long, val xs: Long, val arrows: Long, val participantId: String, val name: String?)

private fun readEntry(entry: LeaderboardEntryInput): Entry {
    nonEmpty(entry.participantId, ".participantId")
    val arrows = entry.arrows
    if (arrows != null) {
        val tally = Tally()
        tally.addArrows(arrows, ".arrows")
        if (entry.score != null) throw Refusal(BOTH_TOTALS, ".score")
        if (entry.tens != null) throw Refusal(BOTH_TOTALS, ".tens")
        if (entry.xs != null) throw Refusal(BOTH_TOTALS, ".xs")
        if (entry.arrowCount != null) throw Refusal(BOTH_TOTALS, ".arrowCount")
        return Entry(tally.score, tally.tens, tally.xs, tally.arrows, entry.participantId, entry.displayName)
    }
    val score = count64(entry.score, ".score")
    val tens = count64(entry.tens, ".tens") ?: 0
    val xs = count64(entry.xs, ".xs") ?: 0
    val count = count64(entry.arrowCount, ".arrowCount") ?: 0
    if (score == null) throw Refusal("Give either \"arrows\" or \"score\".", ".score")
    if (xs > tens) throw Refusal("xs cannot exceed tens: every X is a 10.", ".xs")
    return Entry(score, tens, xs, count, entry.participantId, entry.displayName)
}

/** By score, then tens, then Xs, all descending; equal entries keep their order (sortWith is stable). */
private val RANKING = Comparator<Entry> { a, b ->
    when {
        a.score != b.score -> b.score.compareTo(a.score)
        a.tens != b.tens -> b.tens.compareTo(a.tens)
        else -> b.xs.compareTo(a.xs)
    }
}

private fun scoringLeaderboardRules(request: ScoringLeaderboardRequest): ScoringLeaderboardResult {
    val ranked = readEach(request.entries, ".entries", ::readEntry)
    ranked.sortWith(RANKING)
    val result = ArrayList<LeaderboardEntry>(ranked.size)
    var rank = 0L
    for (index in ranked.indices) {
        val entry = ranked[index]
        if (index == 0 || RANKING.compare(ranked[index - 1], entry) != 0) rank = index + 1L
        result.add(LeaderboardEntry(rank, entry.participantId, entry.name, entry.score, entry.tens, entry.xs, entry.arrows))
    }
    return ScoringLeaderboardResult(result)
}

// MARK: - matches.sections

/** A match or a favourite record, checked (ranges, in the contract's order), as the sections show it. */
private class Fixture(val id: Long, val utcDate: String?, val matchday: Int?, val status: String?, val home: String?,
                      val homeCrest: String?, val away: String?, val awayCrest: String?, val winner: MatchWinner?,
                      val homeGoals: Int?, val awayGoals: Int?)

/** A v4 match: score, competition, id, utcDate, matchday, status, homeTeam, awayTeam. */
private fun readMatch(match: Match): Fixture {
    val fullTime = match.score?.fullTime
    val homeGoals = count32(fullTime?.home, ".score.fullTime.home")
    val awayGoals = count32(fullTime?.away, ".score.fullTime.away")
    return Fixture(match.id, match.utcDate, count32(match.matchday, ".matchday"), match.status, match.homeTeam?.name,
        match.homeTeam?.crest, match.awayTeam?.name, match.awayTeam?.crest, match.score?.winner, homeGoals, awayGoals)
}

private fun readFavorite(record: FavoriteRecordInput): Fixture {
    val matchday = count32(record.matchday, ".matchday")
    return Fixture(record.id, record.utcDate, matchday, null, record.homeTeamName, record.homeTeamImage,
        record.awayTeamName, record.awayTeamImage, record.winner, count32(record.fullTimeScoreHome, ".fullTimeScoreHome"),
        count32(record.fullTimeScoreAway, ".fullTimeScoreAway"))
}

private val UTC_DATE = Regex("([0-9]{4})-([0-9]{2})-([0-9]{2})[Tt]([0-9]{2}):([0-9]{2}):([0-9]{2})(?:\\.([0-9]+))?" +
    "(?:[Zz]|([+-])([0-9]{2}):([0-9]{2}))")
private val DAYS_IN_MONTH = intArrayOf(31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31)

/** An RFC 3339 date-time's epoch milliseconds, or null when unparsable. */
private fun kickoff(text: String): Long? {
    val found = UTC_DATE.matchEntire(text) ?: return null
    val group = found.groupValues
    val year = group[1].toInt()
    val month = group[2].toInt()
    val day = group[3].toInt()
    val hour = group[4].toInt()
    val minute = group[5].toInt()
    val second = group[6].toInt()
    if (hour > 23 || minute > 59 || second > 59 || month < 1 || month > 12 || day < 1) return null
    val leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
    if (day > (if (month == 2 && leap) 29 else DAYS_IN_MONTH[month - 1])) return null
    var offset = 0L
    if (group[8].isNotEmpty()) {
        val hours = group[9].toInt()
        val minutes = group[10].toInt()
        if (hours > 23 || minutes > 59) return null
        offset = (hours * 3600L + minutes * 60L) * (if (group[8] == "-") -1 else 1)
    }
    val fraction = group[7]
    val milliseconds = if (fraction.length == 0) 0 else (fraction + "00").substring(0, 3).toInt()
    val seconds = LocalDate.of(year, month, day).toEpochDay() * 86400L + hour * 3600L + minute * 60L + second - offset
    return seconds * 1000L + milliseconds
}

/** IANA names only (the JDK's tzdb region IDs, links included), case-sensitive; not java.time's offsets (`+01:00`, `UTC+1`). */
private val ZONES = ConcurrentHashMap<String, ZoneRules>()
private val ZONE_NAMES: Set<String> = ZoneId.getAvailableZoneIds()

private fun zoneNamed(name: String): ZoneRules? {
    ZONES[name]?.let { return it }
    if (name !in ZONE_NAMES) return null
    val rules = ZoneId.of(name).rules
    ZONES[name] = rules
    return rules
}

private class Dated(val day: Long, val at: Long, val local: Long, val fixture: Fixture)

private val BY_KICKOFF = Comparator<Dated> { a, b ->
    when {
        a.day != b.day -> a.day.compareTo(b.day)
        a.at != b.at -> a.at.compareTo(b.at)
        else -> a.fixture.id.compareTo(b.fixture.id)
    }
}

private fun two(value: Int): String = if (value < 10) "0$value" else value.toString()
/** A year as the library writes it: at least four digits, a minus sign before (year 0 in UTC is -0001 west of it). */
private fun four(value: Int): String =
    if (value < 0) "-" + (-value).toString().padStart(4, '0') else value.toString().padStart(4, '0')

private fun matchesSectionsRules(request: MatchesSectionsRequest): MatchesSectionsResult {
    val rows = readEach(request.matches ?: emptyList(), ".matches", ::readMatch)
    val favorites = readEach(request.favorites ?: emptyList(), ".favorites", ::readFavorite)
    val segment = request.segment ?: MatchSegment.ALL
    val zoneName = request.timeZone ?: "UTC"
    val zone = zoneNamed(zoneName) ?: throw Refusal(
        "Unknown time zone ${quote(zoneName)}; expected an IANA name such as \"Europe/London\".", ".timeZone")

    val favoriteIds = HashSet<Long>()
    for (favorite in favorites) favoriteIds.add(favorite.id)
    val dated = ArrayList<Dated>()
    val unknown = ArrayList<Fixture>()
    for (fixture in if (segment == MatchSegment.ALL) rows else favorites) {
        val at = fixture.utcDate?.let(::kickoff)
        if (at == null) {
            unknown.add(fixture)
            continue
        }
        val second = Math.floorDiv(at, 1000L)
        val local = second + zone.getOffset(java.time.Instant.ofEpochSecond(second)).totalSeconds
        dated.add(Dated(Math.floorDiv(local, 86400L), at, local, fixture))
    }
    dated.sortWith(BY_KICKOFF)
    unknown.sortWith(Comparator { a, b -> a.id.compareTo(b.id) })

    val sections = ArrayList<MatchSection>()
    var day = Long.MIN_VALUE
    var current: ArrayList<MatchView>? = null
    var dateText = ""
    for (entry in dated) {
        if (entry.day != day || current == null) {
            day = entry.day
            val date = LocalDate.ofEpochDay(day)
            val month = two(date.monthValue)
            val dayOfMonth = two(date.dayOfMonth)
            val year = four(date.year)
            current = ArrayList()
            dateText = "$month/$dayOfMonth"
            sections.add(MatchSection("$month/$dayOfMonth/$year", "$year-$month-$dayOfMonth", current))
        }
        val minuteOfDay = Math.floorMod(entry.local, 86400L) / 60
        val time = two((minuteOfDay / 60).toInt()) + ":" + two((minuteOfDay % 60).toInt())
        current.add(view(entry.fixture, time, dateText, zoneName, entry.fixture.id in favoriteIds))
    }
    if (unknown.isNotEmpty()) {
        sections.add(MatchSection("Unknown", null, unknown.map { view(it, null, "", zoneName, it.id in favoriteIds) }))
    }
    return MatchesSectionsResult(segment, sections, SegmentCounts(rows.size.toLong(), favorites.size.toLong()))
}

private fun view(fixture: Fixture, time: String?, dateText: String, zoneName: String, favorite: Boolean): MatchView {
    val calledOff = when (fixture.status) {
        "POSTPONED" -> "Postponed"
        "SUSPENDED" -> "Suspended"
        "CANCELLED" -> "Cancelled"
        else -> null
    }
    val played = fixture.winner != null
    val statusText: String
    val label: String
    when {
        played -> { statusText = "${fixture.homeGoals ?: 0}-${fixture.awayGoals ?: 0}"; label = "" }
        calledOff != null -> { statusText = calledOff; label = "" }
        time != null -> { statusText = time; label = zoneName }
        else -> { statusText = ""; label = "" }
    }
    return MatchView(fixture.id, fixture.home ?: "N/A", fixture.away ?: "N/A", fixture.homeCrest, fixture.awayCrest,
        fixture.utcDate, fixture.matchday, played, statusText, label, dateText, favorite)
}

// MARK: - participants.resolve

private fun documentIdProblem(text: String): String? {
    val count = if (isAscii(text)) text.length else utf8Length(text)
    if (count in 3..1500 && text[0] != '_' && text.indexOf('/') < 0) return null
    return when {
        count == 0 -> "A document ID cannot be empty."
        count > 1500 -> "A document ID cannot be longer than 1500 bytes."
        text.indexOf('/') >= 0 -> "A document ID cannot contain '/'."
        count <= 2 && text[0] == '.' && text[text.length - 1] == '.' -> "A document ID cannot be '.' or '..'."
        count >= 4 && text.startsWith("__") && text.endsWith("__") -> "A document ID cannot have the reserved form __...__."
        else -> null
    }
}

/** Exactly `Archer N`, N a positive integer without leading zeros (ASCII digits). */
private fun isPlaceholder(name: String): Boolean {
    if (name.length <= 7 || !name.startsWith("Archer ") || name[7] == '0') return false
    for (index in 7 until name.length) if (name[index] !in '0'..'9') return false
    return true
}

/** The name the signed-in user's own entry shows: their display name, else their email's part before the first @, when not blank. */
private fun ownName(user: CurrentUser): String? {
    val name = user.displayName
    if (name != null && !isBlank(name)) return name
    val email = user.email ?: return null
    val local = email.substringBefore('@')
    return if (isBlank(local)) null else local
}

private val NO_REPAIR = RepairPlan(false, emptyList())

private fun participantsResolveRules(request: ParticipantsResolveRequest): ParticipantsResolveResult {
    val tournament = request.tournamentId
    documentIdProblem(tournament)?.let { throw Refusal(it, ".tournamentId") }
    val stored = readEach(request.participants ?: emptyList(), ".participants") {
        nonEmpty(it.participantId, ".participantId")
        it
    }
    val identifiers = request.participantIds
    val user = request.currentUser
    val now = request.now.let { if (it == null) System.currentTimeMillis() else integer(it, ".now", 0, LAST_TIMESTAMP) }
    val uid = user?.uid
    val name = user?.let(::ownName)

    if (stored.isNotEmpty()) {   // the list as stored: participantIds is not read
        val listed = ArrayList<Participant>(stored.size)
        for (index in stored.indices) {
            val participant = stored[index]
            var shown = participant.displayName ?: ""
            if (isBlank(shown) || isPlaceholder(shown)) {
                shown = if (participant.participantId == uid && name != null) name else "Archer ${index + 1}"
            }
            listed.add(Participant(participant.participantId, shown, participant.joinedAt, participant.isCreator == true))
        }
        return ParticipantsResolveResult(ParticipantSource.SUBCOLLECTION, listed, NO_REPAIR)
    }

    // The legacy array: null and blank entries skipped, repeats kept once at their first place.
    val kept = ArrayList<String>()
    val seen = HashSet<String>()
    if (identifiers != null) {
        for (position in identifiers.indices) {
            val identifier = identifiers[position]
            if (identifier == null || identifier in seen || isBlank(identifier)) continue
            seen.add(identifier)
            documentIdProblem(identifier)?.let { throw Refusal(it, ".participantIds[$position]") }
            kept.add(identifier)
        }
    }
    if (kept.isEmpty()) return ParticipantsResolveResult(ParticipantSource.NONE, emptyList(), NO_REPAIR)
    val chosen = user?.displayName
    val storedName = if (chosen != null && !isBlank(chosen) && !isPlaceholder(chosen)) chosen else null
    val prefix = "tournaments/$tournament/participants/"
    val listed = ArrayList<Participant>(kept.size)
    val writes = ArrayList<RepairWrite>(kept.size)
    for (index in kept.indices) {
        val identifier = kept[index]
        val mine = identifier == uid
        listed.add(Participant(identifier, if (mine && name != null) name else "Archer ${index + 1}", now, index == 0))
        writes.add(RepairWrite(prefix + identifier, true,
            RepairDocument(identifier, if (mine) storedName else null, now, index == 0)))
    }
    return ParticipantsResolveResult(ParticipantSource.PARTICIPANT_IDS, listed, RepairPlan(true, writes))
}

/** The seven methods, each with the typed function's signature: the request in, the result out, or TournamentCoreException. */
object KotlinPeer {
    @JvmStatic fun tournamentsFilter(request: TournamentsFilterRequest): TournamentsFilterResult =
        answer { tournamentsFilterRules(request) }
    @JvmStatic fun guestsCheck(request: GuestsCheckRequest): GuestsCheckResult = answer { guestsCheckRules(request) }
    @JvmStatic fun equipmentStats(request: EquipmentStatsRequest): EquipmentStatsResult = answer { equipmentStatsRules(request) }
    @JvmStatic fun equipmentCompare(request: EquipmentCompareRequest): EquipmentCompareResult =
        answer { equipmentCompareRules(request) }
    @JvmStatic fun scoringLeaderboard(request: ScoringLeaderboardRequest): ScoringLeaderboardResult =
        answer { scoringLeaderboardRules(request) }
    @JvmStatic fun matchesSections(request: MatchesSectionsRequest): MatchesSectionsResult =
        answer { matchesSectionsRules(request) }
    @JvmStatic fun participantsResolve(request: ParticipantsResolveRequest): ParticipantsResolveResult =
        answer { participantsResolveRules(request) }
}
