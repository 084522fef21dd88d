// The generated writers write the text Gson's JsonWriter would (escapes, numbers, member order), and a
// typed call reads its result from the envelope as call() checks it.
package tournamentcore.test

import com.google.gson.GsonBuilder
import com.google.gson.JsonArray
import com.google.gson.JsonElement
import com.google.gson.JsonNull
import com.google.gson.JsonObject
import com.google.gson.JsonParseException
import com.google.gson.JsonPrimitive
import com.google.gson.internal.LazilyParsedNumber
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertThrows
import org.junit.jupiter.api.Assumptions.assumeTrue
import org.junit.jupiter.api.Test
import tournamentcore.Arrow
import tournamentcore.LibraryInfoRequest
import tournamentcore.ParticipantsRepairEndRequest
import tournamentcore.TournamentCore
import tournamentcore.TournamentCoreJson
import tournamentcore.TournamentDocument
import com.sun.jna.NativeLibrary

class WriterTest {
    /** Gson's own writer, as the binding configured it before its writers were generated. */
    private val gson = GsonBuilder().disableHtmlEscaping().serializeNulls().create()

    @Test
    fun `strings are escaped exactly as Gson's JsonWriter escapes them`() {
        val controls = (0 until 0x20).map { it.toChar() }.joinToString("")
        for (text in listOf("", "plain", controls, "\"quote\" \\back\\ /slash/", "<a href='x'>&amp;</a>", "\u007F\u0080\u00FF",
                "line\u2028para\u2029end", "🏹 \uD83D\uDC68\u200D\uD83D\uDC69 بطولة 弓道", "\uFEFF\uFFFD\uFFFF", "x".repeat(5000) + "\n")) {
            assertEquals("{\"id\":${gson.toJson(text)}}", TournamentCoreJson.toJson(TournamentDocument(text)), text)
        }
    }

    @Test
    fun `numbers are written as Gson writes them`() {
        for (x in listOf(0.0, -0.0, 0.1, -0.4, 1e-7, 1e21, 123456.789, Double.MIN_VALUE, Double.MAX_VALUE, -0.40000000000000002)) {
            assertEquals("{\"score\":10,\"x\":${gson.toJson(x)},\"y\":${gson.toJson(-x)}}", TournamentCoreJson.toJson(Arrow(10, x = x, y = -x)))
        }
        for (n in listOf(Int.MIN_VALUE, -1, 0, 7, Int.MAX_VALUE)) {
            assertEquals("{\"score\":$n}", TournamentCoreJson.toJson(Arrow(n)))
        }
        val big = TournamentDocument("t", extra = linkedMapOf("min" to JsonPrimitive(Long.MIN_VALUE), "max" to JsonPrimitive(Long.MAX_VALUE),
            "f" to JsonPrimitive(1.5f), "bd" to JsonPrimitive(java.math.BigDecimal("1E+400"))))
        assertEquals("{\"id\":\"t\",\"min\":-9223372036854775808,\"max\":9223372036854775807,\"f\":1.5,\"bd\":1E+400}", TournamentCoreJson.toJson(big))
    }

    @Test
    fun `every double reads back as itself, never longer than Double_toString writes it`() {
        val random = java.util.Random(70)
        val values = ArrayList<Double>()
        repeat(20000) { values.add(random.nextInt(2000001) / 1000.0 - 1000.0) }            // arrow-like decimals
        repeat(20000) { values.add((random.nextDouble() - 0.5) * Math.pow(10.0, random.nextInt(12) - 4.0)) }   // any digits
        repeat(2000) { values.add(java.lang.Double.longBitsToDouble(random.nextLong())) }
        values += listOf(0.001, 0.0009999999999999998, 9999999.999999998, 1e7, 0.1 + 0.2, 1.0 / 3, 2.0 / 3, 5e-324, 0.30000000000000004)
        for (x in values) {
            if (x.isNaN() || x.isInfinite()) continue
            val text = TournamentCoreJson.toJson(Arrow(10, x = x, y = 0.0)).removePrefix("{\"score\":10,\"x\":").substringBefore(',')
            assertEquals(x, java.lang.Double.parseDouble(text), text)
            val java = java.lang.Double.toString(x)
            assertEquals(true, text.length <= java.length, "$text for $java")
            if (text != java) assertEquals(true, !java.contains('E') && text.length < java.length, "$text for $java")
        }
    }

    @Test
    fun `verbatim members are written as Gson writes a tree, and a number that is not JSON is refused`() {
        val tree = JsonObject().apply {
            add("a", JsonArray().apply { add(JsonNull.INSTANCE); add(true); add("s\u0000"); add(JsonObject()) })
            add("n", JsonPrimitive(LazilyParsedNumber("-0.5e-3")))
        }
        val document = TournamentDocument("t", extra = linkedMapOf<String, JsonElement>("tree" to tree, "\"odd\"" to JsonNull.INSTANCE))
        assertEquals("{\"id\":\"t\",\"tree\":${gson.toJson(tree)},\"\\\"odd\\\"\":null}", TournamentCoreJson.toJson(document))
        for (text in listOf("1.", "01", "+1", "1e", ".5", "0x10", "1 ")) {
            val bad = TournamentDocument("t", extra = linkedMapOf("n" to JsonPrimitive(LazilyParsedNumber(text))))
            assertThrows(IllegalArgumentException::class.java, { TournamentCoreJson.toJson(bad) }, text)
        }
        assertThrows(IllegalArgumentException::class.java) {
            TournamentCoreJson.toJson(TournamentDocument("t", extra = linkedMapOf("n" to JsonPrimitive(Double.NaN))))
        }
    }

    @Test
    fun `Gson's own entry points write the generated writers' text`() {
        val document = TournamentDocument("t1", name = null, public = true, extra = linkedMapOf("z" to JsonNull.INSTANCE))
        assertEquals(TournamentCoreJson.toJson(document), TournamentCoreJson.gson.toJson(document))
        assertEquals("[${TournamentCoreJson.toJson(document)},null]", TournamentCoreJson.gson.toJson(listOf(document, null)))
    }

    @Test
    fun `a typed call whose result has the wrong shape is a JsonParseException, and every response is released`() {
        val path = System.getProperty("tournamentcore.mock") ?: ""
        assumeTrue(path.isNotEmpty(), "no -Dtournamentcore.mock=<path of the mock library>")
        val mock = TournamentCore(path)
        val outstanding = NativeLibrary.getInstance(path).getFunction("tc_mock_outstanding")
        val before = outstanding.invokeLong(arrayOf())
        // The mock answers any other method with the request as the result: {} has no "name".
        val error = assertThrows(JsonParseException::class.java) { mock.libraryInfo(LibraryInfoRequest()) }
        assertEquals(true, error.message!!.contains("\"name\""), error.message)
        assertThrows(JsonParseException::class.java) { mock.participantsRepairEnd(ParticipantsRepairEndRequest("t")) }
        assertEquals(before, outstanding.invokeLong(arrayOf()))
    }
}
