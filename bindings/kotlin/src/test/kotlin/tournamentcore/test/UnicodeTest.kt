// Text crosses the boundary as UTF-8 bytes (tc_call_n), never as JNI's Modified UTF-8 or the
// platform charset: every string comes back exactly, code unit for code unit.
package tournamentcore.test

import com.google.gson.JsonArray
import com.google.gson.JsonObject
import com.google.gson.JsonPrimitive
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertThrows
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test
import tournamentcore.GuestsAddRequest
import tournamentcore.TournamentCoreException
import tournamentcore.TournamentDocument
import tournamentcore.TournamentsFilterRequest

class UnicodeTest {
    private val texts = listOf(
        "🏹 Archery Open",                                      // astral plane: a surrogate pair in Java
        "\uD83D\uDC68\u200D\uD83D\uDC69\u200D\uD83D\uDC67\u200D\uD83D\uDC66 family",  // 👨‍👩‍👧‍👦: ZWJ sequence
        "بطولة الرماية",                                        // Arabic, right to left
        "תחרות קשתות",                                          // Hebrew, right to left
        "Cafe\u0301 Re\u0301union",                             // combining acute accents (not precomposed)
        "Caf\u00E9 R\u00E9union",                               // precomposed: a different string
        "弓道大会 · 아처리 · アーチェリー",                          // CJK
        "\u202EHidden direction\u202C",                         // bidirectional controls
        "quote \" backslash \\ slash / <script>&amp;'='",        // JSON and HTML specials
        "tab\tnew line\ncarriage\r bell\u0007 nul\u0000 end",   // control characters (escaped in JSON)
        "\uFEFF BOM \uFFFD replacement \uFFFF noncharacter"
    )

    private fun filterRequestText(names: List<String>): String {
        val tournaments = JsonArray()
        names.forEachIndexed { index, name ->
            tournaments.add(JsonObject().apply {
                addProperty("id", "t$index")
                addProperty("name", name)
                addProperty("location", name)
                addProperty("status", "OPEN")
            })
        }
        return JsonObject().apply { add("tournaments", tournaments); addProperty("tab", "all") }.toString()
    }

    @Test
    fun `Unicode names round-trip exactly through call`() {
        val result = json(core.call("tournaments.filter", filterRequestText(texts))).asJsonObject
        val tournaments = result.getAsJsonArray("tournaments")
        assertEquals(texts.size, tournaments.size())
        texts.forEachIndexed { index, text ->
            val tournament = tournaments[index].asJsonObject
            assertEquals(text, tournament.get("name").asString, "name $index")
            assertEquals(text, tournament.get("location").asString, "location $index")
        }
    }

    @Test
    fun `non-ASCII text comes back as the same UTF-8 bytes, not escaped`() {
        val plain = texts.take(7)
        val response = core.callBytes("tournaments.filter", filterRequestText(plain).toByteArray(Charsets.UTF_8))
        val responseText = String(response, Charsets.UTF_8)
        for (text in plain) {
            val needle = "\"name\":\"$text\"".toByteArray(Charsets.UTF_8)
            assertTrue(indexOf(response, needle) >= 0, "UTF-8 bytes of $text in $responseText")
        }
    }

    @Test
    fun `Unicode round-trips exactly through the typed API, in names and kept-verbatim members`() {
        val documents = texts.mapIndexed { index, text ->
            TournamentDocument(id = "t$index", name = text, location = text,
                extra = linkedMapOf(text to JsonPrimitive(text), "note" to JsonPrimitive("$text!")))
        }
        val result = core.tournamentsFilter(TournamentsFilterRequest(documents, tab = JsonPrimitive("all")))
        assertEquals(texts, result.tournaments.map { it.name })
        assertEquals(texts, result.tournaments.map { it.location })
        result.tournaments.forEachIndexed { index, tournament ->
            assertEquals(documents[index].extra, tournament.extra, "extra $index")
            assertEquals(listOf(texts[index], "note"), tournament.extra.keys.toList())
        }
    }

    @Test
    fun `a query matches ignoring case and diacritics, also in Arabic and CJK names`() {
        val documents = listOf(
            TournamentDocument("a", name = "Forêt de Fontainebleau"),
            TournamentDocument("b", name = "弓道大会"),
            TournamentDocument("c", name = "بطولة الرماية"),
            TournamentDocument("d", name = "Lyon"))
        fun ids(query: String) = core.tournamentsFilter(TournamentsFilterRequest(documents, tab = JsonPrimitive("all"), query = query))
            .tournaments.map { it.id }
        assertEquals(listOf("a"), ids("FORET"))
        assertEquals(listOf("a"), ids("fore\u0302t"))
        assertEquals(listOf("b"), ids("道大"))
        assertEquals(listOf("c"), ids("الرماية"))
    }

    @Test
    fun `a guest name counts user-perceived characters, so fifty family emoji are allowed and fifty-one are not`() {
        val family = "\uD83D\uDC68\u200D\uD83D\uDC69\u200D\uD83D\uDC67\u200D\uD83D\uDC66"
        fun add(name: String) = core.guestsAdd(GuestsAddRequest(
            tournament = TournamentDocument("t1", status = "IN_PROGRESS"), currentUserId = "u1", name = name,
            guestId = "guest_0123456789abcdef"))
        assertEquals(family.repeat(50), add(family.repeat(50)).guest.displayName)
        val error = assertThrows(TournamentCoreException::class.java) { add(family.repeat(51)) }
        assertEquals("INVALID_GUEST_NAME", error.code)
        assertEquals("$.name", error.path)
        assertEquals("e\u0301".repeat(50), add("e\u0301".repeat(50)).guest.displayName)
    }

    @Test
    fun `a lone surrogate, which has no UTF-8 form, is refused before the call`() {
        assertThrows(IllegalArgumentException::class.java) { core.call("tournaments.filter", "{\"tournaments\":[],\"query\":\"\uD83C\"}") }
        assertThrows(IllegalArgumentException::class.java) { core.call("tournaments.filter", "{\"tournaments\":[],\"query\":\"\uDFF9x\"}") }
        assertThrows(IllegalArgumentException::class.java) {
            core.tournamentsFilter(TournamentsFilterRequest(listOf(TournamentDocument("t", name = "end\uD83C"))))
        }
    }

    @Test
    fun `invalid UTF-8 bytes are answered with INVALID_JSON`() {
        val bytes = "{\"tournaments\":[{\"id\":\"".toByteArray() + byteArrayOf(0xC3.toByte(), 0x28) + "\"}]}".toByteArray()
        val envelope = json(String(core.callBytes("tournaments.filter", bytes), Charsets.UTF_8)).asJsonObject
        assertEquals(false, envelope.get("ok").asBoolean)
        assertEquals("INVALID_JSON", envelope.getAsJsonObject("error").get("code").asString)
        // Modified UTF-8 (what JNI's NewStringUTF/GetStringUTFChars use) writes U+0000 as C0 80 and
        // astral characters as two 3-byte surrogates: neither is UTF-8.
        val modifiedNul = "{\"id\":\"".toByteArray() + byteArrayOf(0xC0.toByte(), 0x80.toByte()) + "\"}".toByteArray()
        val answer = json(String(core.callBytes("guests.validateId", modifiedNul), Charsets.UTF_8)).asJsonObject
        assertEquals("INVALID_JSON", answer.getAsJsonObject("error").get("code").asString)
    }

    private fun indexOf(haystack: ByteArray, needle: ByteArray): Int {
        outer@ for (start in 0..haystack.size - needle.size) {
            for (offset in needle.indices) if (haystack[start + offset] != needle[offset]) continue@outer
            return start
        }
        return -1
    }
}
