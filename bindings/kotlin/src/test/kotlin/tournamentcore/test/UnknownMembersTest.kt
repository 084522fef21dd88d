// Members the core keeps verbatim (x-keepsUnknownMembers) travel in `extra`, in order, exactly.
package tournamentcore.test

import com.google.gson.JsonArray
import com.google.gson.JsonElement
import com.google.gson.JsonNull
import com.google.gson.JsonObject
import com.google.gson.JsonPrimitive
import com.google.gson.internal.LazilyParsedNumber
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test
import tournamentcore.EquipmentSelectionRequest
import tournamentcore.FavoriteRecordInput
import tournamentcore.MatchesReconcileFavoritesRequest
import tournamentcore.SetupOption
import tournamentcore.TournamentCoreJson
import tournamentcore.TournamentDocument
import tournamentcore.TournamentsFilterRequest
import tournamentcore.TournamentsFilterResult

class UnknownMembersTest {
    private val extra: Map<String, JsonElement> = linkedMapOf(
        "zeta" to JsonPrimitive(1),
        "meta" to JsonObject().apply {
            add("b", JsonArray().apply {
                add(JsonPrimitive(LazilyParsedNumber("1.50")))
                add(JsonPrimitive(LazilyParsedNumber("-0")))
                add(JsonPrimitive(LazilyParsedNumber("1E2")))
                add(JsonPrimitive("é\n"))
            })
            add("a", JsonNull.INSTANCE)
        },
        "createdAt" to JsonPrimitive(1735300000000L),
        "big" to JsonPrimitive(LazilyParsedNumber("123456789012345678901234567890")),
        "🏹" to JsonPrimitive("arrow"),
        "nothing" to JsonNull.INSTANCE,
        "alpha" to JsonPrimitive(true))

    @Test
    fun `kept-verbatim members survive a typed round trip, TournamentDocument extra to Tournament extra, in order`() {
        val result = core.tournamentsFilter(TournamentsFilterRequest(listOf(TournamentDocument("t1", name = "N", extra = extra))))
        val kept = result.tournaments.single().extra
        assertEquals(extra.keys.toList(), kept.keys.toList())
        assertEquals(extra.mapValues { it.value.toString() }, kept.mapValues { it.value.toString() })   // literal number text too
        assertEquals(extra, kept)
    }

    @Test
    fun `the golden result with verbatim members decodes and encodes back to the same JSON, number literals included`() {
        val case = goldenCases.single { it.method == "tournaments.filter" && it.name == "unknown-fields-kept-verbatim-in-order" }
        val typed = TournamentCoreJson.fromJson(case.resultText, TournamentsFilterResult::class.java)
        assertEquals(listOf("zeta", "meta", "createdAt", "big", "tiny"), typed.tournaments.single().extra.keys.toList())
        val encoded = TournamentCoreJson.toJson(typed)
        assertEquals(json(case.resultText), json(encoded))
        assertTrue(encoded.contains("[1.50,-0,1E2,\"é\\n\"]") && encoded.contains("\"tiny\":1e-400") &&
            encoded.contains("\"big\":123456789012345678901234567890"), encoded)
    }

    @Test
    fun `a setup's other members come back on its choice, and a favourite's on its record`() {
        val selection = core.equipmentSelection(EquipmentSelectionRequest(listOf(
            SetupOption(2, "Zed", extra = linkedMapOf("bow" to JsonPrimitive("Hoyt"), "draw" to JsonPrimitive(28.5))),
            SetupOption(1, "Alpha", extra = linkedMapOf("notes" to JsonNull.INSTANCE)))))
        assertEquals(listOf(1L, 2L), selection.setups.map { it.id })
        assertEquals(linkedMapOf<String, JsonElement>("notes" to JsonNull.INSTANCE), selection.setups[0].extra)
        assertEquals(listOf("bow", "draw"), selection.setups[1].extra.keys.toList())

        val reconciled = core.matchesReconcileFavorites(MatchesReconcileFavoritesRequest(favorites = listOf(
            FavoriteRecordInput(9, homeTeamName = "H", extra = linkedMapOf("savedAt" to JsonPrimitive(1700000000000L), "by" to JsonPrimitive("u1"))))))
        assertEquals(linkedMapOf<String, JsonElement>("savedAt" to JsonPrimitive(1700000000000L), "by" to JsonPrimitive("u1")),
            reconciled.favorites.single().extra)
    }

    @Test
    fun `extra members are written after the declared ones, and a declared name in extra does not override the member`() {
        val document = TournamentDocument("t1", name = "N", extra = linkedMapOf("z" to JsonPrimitive(1), "id" to JsonPrimitive("other"), "a" to JsonNull.INSTANCE))
        assertEquals("{\"id\":\"t1\",\"name\":\"N\",\"z\":1,\"a\":null}", TournamentCoreJson.toJson(document))
    }

    @Test
    fun `decoding keeps unknown members of kept-verbatim types only`() {
        val document = TournamentCoreJson.fromJson("{\"b\":1,\"id\":\"t\",\"a\":[true]}", TournamentDocument::class.java)
        assertEquals(listOf("b", "a"), document.extra.keys.toList())
        assertEquals(TournamentDocument("t", extra = linkedMapOf("b" to JsonPrimitive(1), "a" to JsonArray().apply { add(true) })), document)
    }
}
