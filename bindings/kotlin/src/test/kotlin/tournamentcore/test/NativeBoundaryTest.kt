// The boundary itself, against a stand-in library (src/test/c/mock_library.c, built by CMake and
// passed as -Dtournamentcore.mock=<path>): NULL responses, lengths, envelopes, and every response
// released exactly once, whatever the call ends with.
package tournamentcore.test

import com.sun.jna.NativeLibrary
import org.junit.jupiter.api.Assertions.assertArrayEquals
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertThrows
import org.junit.jupiter.api.Assumptions.assumeTrue
import org.junit.jupiter.api.BeforeEach
import org.junit.jupiter.api.Test
import tournamentcore.TournamentCore
import tournamentcore.TournamentCoreException

class NativeBoundaryTest {
    private lateinit var mock: TournamentCore
    private lateinit var path: String

    @BeforeEach
    fun load() {
        path = System.getProperty("tournamentcore.mock") ?: ""
        assumeTrue(path.isNotEmpty(), "no -Dtournamentcore.mock=<path of the mock library>")
        mock = TournamentCore(path)
    }

    private fun outstanding(): Long = NativeLibrary.getInstance(path).getFunction("tc_mock_outstanding").invokeLong(arrayOf())

    @Test
    fun `a NULL response is an OutOfMemoryError, and nothing is freed`() {
        val before = outstanding()
        assertThrows(OutOfMemoryError::class.java) { mock.call("null", "{}") }
        assertThrows(OutOfMemoryError::class.java) { mock.callBytes("null", ByteArray(0)) }
        assertEquals(before, outstanding())
    }

    @Test
    fun `the response is read by its length, NUL bytes included, and the request is passed with its length`() {
        val request = "{\"a\":\"\u0000\uD83C\uDFF9\"}".toByteArray(Charsets.UTF_8)
        val expected = "{\"ok\":true,\"result\":{\"length\":${request.size}}}".toByteArray() + byteArrayOf(0) + "tail".toByteArray()
        assertArrayEquals(expected, mock.callBytes("echo", request))
        val empty = "{\"ok\":true,\"result\":{\"length\":0}}".toByteArray() + byteArrayOf(0) + "tail".toByteArray()
        assertArrayEquals(empty, mock.callBytes("echo", ByteArray(0)))
    }

    @Test
    fun `the result text is the envelope's result member, byte for byte`() {
        val request = "{\"b\":[1.50,-0,1E2],\"t\":\"\uD83C\uDFF9 \u05E9\u05DC\u05D5\u05DD\"}"
        assertEquals(request, mock.call("anything", request))
    }

    @Test
    fun `an error envelope is a TournamentCoreException with its code, message and path`() {
        val error = assertThrows(TournamentCoreException::class.java) { mock.call("error", "{}") }
        assertEquals("MOCK", error.code)
        assertEquals("from the mock", error.message)
        assertEquals("$.x", error.path)
    }

    @Test
    fun `a response that is not the contract's envelope is an IllegalStateException, not a wrong result`() {
        assertThrows(IllegalStateException::class.java) { mock.call("garbage", "{}") }
        assertThrows(IllegalStateException::class.java) { mock.call("extra", "{}") }
        assertThrows(IllegalStateException::class.java) { mock.call("echo", "{}") }   // bytes after the envelope
        assertThrows(IllegalStateException::class.java) { mock.call("anything", "{\"a\":\u00FF") }   // result not JSON
    }

    @Test
    fun `every response is released exactly once, whatever the call ends with`() {
        val before = outstanding()
        repeat(1000) {
            mock.call("anything", "{\"i\":$it}")
            mock.callBytes("echo", "{}".toByteArray())
            assertThrows(TournamentCoreException::class.java) { mock.call("error", "{}") }
            assertThrows(IllegalStateException::class.java) { mock.call("garbage", "{}") }
        }
        assertEquals(before, outstanding())
        assertEquals("9.9.9-mock", mock.version)
    }
}
