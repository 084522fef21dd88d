// Error responses become TournamentCoreException with the code, message and path of the response.
package tournamentcore.test

import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertNull
import org.junit.jupiter.api.Assertions.assertThrows
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.function.Executable
import tournamentcore.EquipmentCompareRequest
import tournamentcore.GuestLimits
import tournamentcore.GuestsAddRequest
import tournamentcore.ParticipantsRepairBeginRequest
import tournamentcore.SessionParticipant
import tournamentcore.SetupInput
import tournamentcore.TournamentCoreException
import tournamentcore.TournamentDocument

class ErrorTest {
    private fun error(block: () -> Unit): TournamentCoreException =
        assertThrows(TournamentCoreException::class.java, Executable { block() })

    private fun errorCode(method: String, request: ByteArray): String {
        val envelope = json(String(core.callBytes(method, request), Charsets.UTF_8)).asJsonObject
        assertEquals(false, envelope.get("ok").asBoolean)
        return envelope.getAsJsonObject("error").get("code").asString
    }

    @Test
    fun `INVALID_REQUEST carries the JSONPath of the wrong value`() {
        val e = error { core.call("tournaments.filter", "{\"tournaments\":[{\"id\":5}]}") }
        assertEquals("INVALID_REQUEST", e.code)
        assertEquals("$.tournaments[0].id", e.path)
        assertEquals("Expected a string, found a number.", e.message)
        assertTrue(e.toString().contains("INVALID_REQUEST") && e.toString().contains("$.tournaments[0].id"), e.toString())

        val missing = error { core.call("tournaments.filter", "{\"tournaments\":[{\"name\":\"x\"}]}") }
        assertEquals("INVALID_REQUEST", missing.code)
        assertEquals("$.tournaments[0].id", missing.path)
    }

    @Test
    fun `INVALID_REQUEST from a typed call carries its path too`() {
        val e = error { core.participantsRepairBegin(ParticipantsRepairBeginRequest("a/b")) }
        assertEquals("INVALID_REQUEST", e.code)
        assertEquals("$.tournamentId", e.path)
    }

    @Test
    fun `UNKNOWN_METHOD has no path`() {
        for (method in listOf("tournaments.sort", "", "library.info ", "LIBRARY.INFO", "🏹.info")) {
            val e = error { core.call(method, "{}") }
            assertEquals("UNKNOWN_METHOD", e.code, method)
            assertNull(e.path, method)
        }
    }

    @Test
    fun `a NUL in a method name is refused rather than cut short`() {
        assertThrows(IllegalArgumentException::class.java) { core.call("library.info\u0000x", "{}") }
    }

    @Test
    fun `INVALID_JSON for text that is not a JSON object`() {
        for (request in listOf("{", "", "[]", "null", "42", "{\"a\":1}x", "{'a':1}", "{\"a\":NaN}", "{\"a\":1,}", "\uFEFF{}")) {
            assertEquals("INVALID_JSON", error { core.call("library.info", request) }.code, request)
        }
    }

    @Test
    fun `a NUL byte inside the request is INVALID_JSON, because the length is passed, not found by strlen`() {
        val e = error { core.call("library.info", "{}\u0000") }
        assertEquals("INVALID_JSON", e.code)
        assertEquals("INVALID_JSON", errorCode("library.info", "{\"a\":\"\u0000\"}".toByteArray()))
    }

    @Test
    fun `INVALID_JSON for nesting deeper than the limit`() {
        val deep = "{\"a\":".repeat(65) + "1" + "}".repeat(65)
        assertEquals("INVALID_JSON", error { core.call("library.info", deep) }.code)
        val deepest = "{\"a\":".repeat(63) + "1" + "}".repeat(63)
        core.call("library.info", deepest)   // at the limit: fine
    }

    @Test
    fun `REQUEST_TOO_LARGE past 64 MiB`() {
        val limit = core.libraryInfo().limits.maxRequestBytes
        assertEquals("REQUEST_TOO_LARGE", errorCode("library.info", ByteArray(limit.toInt() + 1) { ' '.toByte() }))
    }

    @Test
    fun `SAME_SETUP when both setups are one`() {
        val e = error { core.equipmentCompare(EquipmentCompareRequest(SetupInput(4, name = "A"), SetupInput(4, name = "B"))) }
        assertEquals("SAME_SETUP", e.code)
        assertEquals("Choose two different setups to compare.", e.message)
        assertNull(e.path)
    }

    private val inProgress = TournamentDocument("t1", status = "IN_PROGRESS")

    @Test
    fun `INVALID_GUEST_NAME with the path of the name`() {
        for (name in listOf("", " \n\t ", "Robin\nHood", "Robin\u0007Hood", "a".repeat(51))) {
            val e = error { core.guestsAdd(GuestsAddRequest(tournament = inProgress, currentUserId = "u1", name = name)) }
            assertEquals("INVALID_GUEST_NAME", e.code, name)
            assertEquals("$.name", e.path, name)
        }
    }

    @Test
    fun `the guest rules' codes are NOT_AUTHENTICATED, TOURNAMENT_NOT_IN_PROGRESS, MAX_GUESTS_PER_USER_REACHED, MAX_TOTAL_GUESTS_REACHED`() {
        assertEquals("NOT_AUTHENTICATED", error { core.guestsAdd(GuestsAddRequest(tournament = inProgress, name = "Robin")) }.code)
        assertEquals("TOURNAMENT_NOT_IN_PROGRESS", error {
            core.guestsAdd(GuestsAddRequest(tournament = TournamentDocument("t1", status = "COMPLETED"), currentUserId = "u1", name = "Robin"))
        }.code)
        val mine = SessionParticipant("guest_abcdefghijklmnop", guestParticipant = true, addedBy = "u1")
        val perUser = error { core.guestsAdd(GuestsAddRequest(tournament = inProgress, participants = listOf(mine, mine), currentUserId = "u1", name = "Robin")) }
        assertEquals("MAX_GUESTS_PER_USER_REACHED", perUser.code)
        assertEquals("You can only add 2 guest(s) per participant.", perUser.message)
        val theirs = SessionParticipant("guest_bcdefghijklmnopq", guestParticipant = true, addedBy = "u2")
        val total = error {
            core.guestsAdd(GuestsAddRequest(tournament = inProgress, participants = listOf(theirs, theirs), currentUserId = "u1",
                limits = GuestLimits(maxTotalGuests = 2), name = "Robin"))
        }
        assertEquals("MAX_TOTAL_GUESTS_REACHED", total.code)
        assertNull(total.path)
    }
}
