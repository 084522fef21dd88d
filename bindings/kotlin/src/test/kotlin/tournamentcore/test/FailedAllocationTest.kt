// A failed allocation inside the library is the binding's OutOfMemoryError, never a crash, and
// the next call is answered as ever. Run in its own JVM with the test command's failing malloc
// preloaded (Tests/c/failing_malloc.c: it fails only the allocations the library makes), as
// ctest's kotlin_failed_allocations does.
package tournamentcore.test

import com.sun.jna.NativeLibrary
import com.sun.jna.NativeLong
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Tag
import org.junit.jupiter.api.Test

@Tag("failing-malloc")
class FailedAllocationTest {
    private val process = NativeLibrary.getProcess()
    private fun failAllocations(k: Long, fromOn: Boolean) {
        process.getFunction("tc_test_fail_allocations").invoke(arrayOf<Any>(NativeLong(k), if (fromOn) 1 else 0))
    }
    private fun stopFailing() {
        process.getFunction("tc_test_stop_failing").invoke(arrayOf<Any>())
    }
    private fun libraryAllocations(): Long =
        process.getFunction("tc_test_library_allocations").invokeLong(arrayOf<Any>())

    @Test
    fun `every failed allocation of a call is an OutOfMemoryError and the next call is answered`() {
        val tournaments = (0 until 200).joinToString(",") { "{\"id\":\"t$it\",\"name\":\"Spring Open $it\",\"status\":\"open\",\"public\":true}" }
        val request = "{\"tournaments\":[$tournaments],\"tab\":\"all\",\"query\":\"open\"}"
        val expected = core.call("tournaments.filter", request)
        failAllocations(1L shl 40, false) // counted, none failed
        core.call("tournaments.filter", request)
        val allocations = libraryAllocations()
        stopFailing()
        assertTrue(allocations > 3, "the call made $allocations allocations")
        var outOfMemory = 0
        var answered = 0
        for (fromOn in listOf(false, true)) {
            for (k in 0 until allocations) {
                failAllocations(k, fromOn)
                try {
                    assertEquals(expected, core.call("tournaments.filter", request), "allocation $k, from on: $fromOn")
                    answered++
                } catch (e: OutOfMemoryError) {
                    outOfMemory++
                } finally {
                    stopFailing()
                }
                assertEquals(expected, core.call("tournaments.filter", request), "after allocation $k, from on: $fromOn")
            }
        }
        assertTrue(outOfMemory >= allocations, "$outOfMemory OutOfMemoryErrors for $allocations allocations")
        assertEquals(2 * allocations, (outOfMemory + answered).toLong())
    }
}
