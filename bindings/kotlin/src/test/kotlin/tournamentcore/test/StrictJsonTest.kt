// The JSON mapping never accepts a silently wrong value: out-of-range numbers, wrong kinds,
// missing or null required members and unknown enum values are errors, not defaults or clamps.
package tournamentcore.test

import com.google.gson.JsonParseException
import com.google.gson.JsonPrimitive
import com.google.gson.reflect.TypeToken
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertNull
import org.junit.jupiter.api.Assertions.assertThrows
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.function.Executable
import tournamentcore.Arrow
import tournamentcore.EquipmentSelectionResult
import tournamentcore.FavoriteRecord
import tournamentcore.LibraryInfoRequest
import tournamentcore.MatchWinner
import tournamentcore.MatchesReconcileFavoritesResult
import tournamentcore.ParticipantsResolveRequest
import tournamentcore.TabCounts
import tournamentcore.Tournament
import tournamentcore.TournamentCoreException
import tournamentcore.TournamentCoreJson
import tournamentcore.TournamentDocument
import tournamentcore.TournamentStatus
import tournamentcore.TournamentsFilterRequest
import tournamentcore.TournamentsFilterResult

class StrictJsonTest {
    private fun <T> refused(json: String, type: Class<T>): JsonParseException =
        assertThrows(JsonParseException::class.java, Executable { TournamentCoreJson.fromJson(json, type) })

    private val tournament = "\"id\":\"t\",\"name\":\"n\",\"location\":\"\",\"status\":\"OPEN\",\"public\":true"

    @Test
    fun `a Long out of range in a result is an exception, not a clamp to Long_MAX_VALUE`() {
        val e = refused("{\"active\":9223372036854775808,\"completed\":0,\"all\":0}", TabCounts::class.java)
        assertTrue(e.message!!.contains("9223372036854775808") && e.message!!.contains("$.active"), e.message)
        refused("{\"active\":-9223372036854775809,\"completed\":0,\"all\":0}", TabCounts::class.java)
        refused("{\"active\":1e30,\"completed\":0,\"all\":0}", TabCounts::class.java)
        val extremes = TournamentCoreJson.fromJson("{\"active\":9223372036854775807,\"completed\":-9223372036854775808,\"all\":0}", TabCounts::class.java)
        assertEquals(TabCounts(Long.MAX_VALUE, Long.MIN_VALUE, 0), extremes)
    }

    @Test
    fun `an Int out of range in a result is an exception, with the path of the value`() {
        val e = refused("{$tournament,\"currentParticipants\":2147483648,\"maxParticipants\":0}", Tournament::class.java)
        assertTrue(e.message!!.contains("$.currentParticipants"), e.message)
        val nested = assertThrows(JsonParseException::class.java) {
            TournamentCoreJson.fromJson("{\"tab\":\"all\",\"tournaments\":[{$tournament,\"currentParticipants\":1,\"maxParticipants\":1}," +
                "{$tournament,\"currentParticipants\":-2147483649,\"maxParticipants\":1}],\"counts\":{\"active\":2,\"completed\":0,\"all\":2}," +
                "\"labels\":{\"active\":\"\",\"completed\":\"\"},\"isEmpty\":false,\"emptyState\":null}", TournamentsFilterResult::class.java)
        }
        assertTrue(nested.message!!.contains("$.tournaments[1].currentParticipants"), nested.message)
    }

    @Test
    fun `a Long out of range in a request is an exception when decoded, and INVALID_REQUEST from the core`() {
        refused("{\"tournaments\":[],\"limit\":9223372036854775808}", TournamentsFilterRequest::class.java)
        refused("{\"tournamentId\":\"t\",\"now\":18446744073709551616}", ParticipantsResolveRequest::class.java)
        val e = assertThrows(TournamentCoreException::class.java) {
            core.call("tournaments.filter", "{\"tournaments\":[],\"limit\":9223372036854775808}")
        }
        assertEquals("INVALID_REQUEST", e.code)
        assertEquals("$.limit", e.path)
    }

    @Test
    fun `integers are not read from fractions, exponents or strings, nor strings from numbers`() {
        refused("{\"active\":1.5,\"completed\":0,\"all\":0}", TabCounts::class.java)
        refused("{\"active\":1.0,\"completed\":0,\"all\":0}", TabCounts::class.java)
        refused("{\"active\":1e2,\"completed\":0,\"all\":0}", TabCounts::class.java)
        refused("{\"active\":\"1\",\"completed\":0,\"all\":0}", TabCounts::class.java)
        refused("{\"id\":5}", TournamentDocument::class.java)
        refused("{\"id\":\"t\",\"public\":\"true\"}", TournamentDocument::class.java)
        refused("{\"id\":\"t\",\"public\":1}", TournamentDocument::class.java)
        refused("{\"score\":10,\"x\":\"0.5\"}", Arrow::class.java)
        refused("{\"score\":10,\"x\":1e999}", Arrow::class.java)
    }

    @Test
    fun `a missing required member, or null in a non-null one, is an exception rather than null, 0 or false`() {
        val missing = refused("{\"active\":1,\"completed\":0}", TabCounts::class.java)
        assertTrue(missing.message!!.contains("\"all\""), missing.message)
        refused("{\"active\":1,\"completed\":0,\"all\":null}", TabCounts::class.java)
        refused("{\"name\":\"x\"}", TournamentDocument::class.java)
        refused("{\"favorites\":[],\"updatedIds\":[1,null],\"changed\":true}", MatchesReconcileFavoritesResult::class.java)
        refused("null", TabCounts::class.java)
        // Where the contract allows null or absence, they decode as null.
        val selection = TournamentCoreJson.fromJson("{\"setups\":[],\"availableForB\":[],\"setupAId\":null,\"setupBId\":null,\"canCompare\":false}",
            EquipmentSelectionResult::class.java)
        assertNull(selection.setupAId)
        refused("{\"setups\":[],\"availableForB\":[],\"setupBId\":null,\"canCompare\":false}", EquipmentSelectionResult::class.java)
        assertEquals(TournamentDocument("t"), TournamentCoreJson.fromJson("{\"id\":\"t\",\"name\":null}", TournamentDocument::class.java))
        val ids = TournamentCoreJson.fromJson("{\"tournamentId\":\"t\",\"participantIds\":[\"a\",null]}", ParticipantsResolveRequest::class.java)
        assertEquals(listOf("a", null), ids.participantIds)
    }

    @Test
    fun `an unknown enum value is an exception, not null`() {
        refused("{$tournament,\"status\":\"POSTPONED\",\"currentParticipants\":0,\"maxParticipants\":0}".replace("\"status\":\"OPEN\",", ""),
            Tournament::class.java)
        assertEquals(TournamentStatus.IN_PROGRESS, TournamentCoreJson.fromJson("\"IN_PROGRESS\"", TournamentStatus::class.java))
        assertThrows(JsonParseException::class.java) { TournamentCoreJson.fromJson("\"in_progress\"", TournamentStatus::class.java) }
    }

    @Test
    fun `lenient JSON is refused`() {
        for (text in listOf("{'active':1,'completed':0,'all':0}", "{active:1,completed:0,all:0}", "{\"active\":1,\"completed\":0,\"all\":0} x",
                "{\"active\":NaN,\"completed\":0,\"all\":0}", "")) {
            refused(text, TabCounts::class.java)
        }
    }

    @Test
    fun `requests are written with the contract's names, absent optionals omitted, nulls only where the contract has them`() {
        assertEquals("{\"tournaments\":[{\"id\":\"t1\"}]}", TournamentCoreJson.toJson(TournamentsFilterRequest(listOf(TournamentDocument("t1")))))
        assertEquals("{\"tournaments\":[{\"id\":\"t1\",\"public\":true}],\"tab\":1,\"limit\":9223372036854775807}",
            TournamentCoreJson.toJson(TournamentsFilterRequest(listOf(TournamentDocument("t1", public = true)), tab = JsonPrimitive(1), limit = Long.MAX_VALUE)))
        assertEquals("{}", TournamentCoreJson.toJson(LibraryInfoRequest()))
        val record = FavoriteRecord(7, null, null, "Home", "Away", null, null, MatchWinner.DRAW, 1, 1, null, null)
        assertEquals("{\"id\":7,\"homeTeamImage\":null,\"awayTeamImage\":null,\"homeTeamName\":\"Home\",\"awayTeamName\":\"Away\"," +
            "\"utcDate\":null,\"matchday\":null,\"winner\":\"DRAW\",\"fullTimeScoreHome\":1,\"fullTimeScoreAway\":1," +
            "\"competitionCode\":null,\"competitionName\":null}", TournamentCoreJson.toJson(record))
        // And through Gson's own entry point, whose writer omits nulls by default.
        assertEquals(TournamentCoreJson.toJson(record), TournamentCoreJson.gson.toJson(record))
    }

    @Test
    fun `text is written without HTML escaping, and non-finite numbers are refused`() {
        assertEquals("{\"id\":\"<a href='x'>&amp;</a> = \\\"\"}", TournamentCoreJson.toJson(TournamentDocument("<a href='x'>&amp;</a> = \"")))
        assertThrows(IllegalArgumentException::class.java) { TournamentCoreJson.toJson(Arrow(10, x = Double.NaN, y = 0.0)) }
        assertThrows(IllegalArgumentException::class.java) { TournamentCoreJson.toJson(Arrow(10, x = Double.POSITIVE_INFINITY, y = 0.0)) }
    }

    @Test
    fun `generic types decode through a TypeToken`() {
        val documents: List<TournamentDocument> = TournamentCoreJson.fromJson("[{\"id\":\"a\"},{\"id\":\"b\",\"x\":1}]",
            object : TypeToken<List<TournamentDocument>>() {})
        assertEquals(listOf("a", "b"), documents.map { it.id })
        assertEquals(mapOf("x" to JsonPrimitive(1)), documents[1].extra)
    }
}
