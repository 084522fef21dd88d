// Every response is released: many calls do not grow the process. Run this test in its own JVM
// with a pinned heap (-Xms64m -Xmx64m -XX:+AlwaysPreTouch, as ctest's kotlin_memory does), so
// that the resident set measures native memory rather than the Java heap's growth.
package tournamentcore.test

import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Tag
import org.junit.jupiter.api.Test
import tournamentcore.TournamentCoreException
import java.io.File

@Tag("memory")
class MemoryTest {
    private fun residentKb(): Long = File("/proc/self/status").readLines()
        .first { it.startsWith("VmRSS:") }.split(Regex("\\s+"))[1].toLong()

    private fun settledResidentKb(): Long {
        repeat(3) {
            System.gc()
            Thread.sleep(100)
        }
        return residentKb()
    }

    @Test
    fun `200,000 calls grow the process RSS by less than 20 MB`() {
        // Every method's example request, and error responses too (they are freed the same way).
        val requests = methods.map { it to exampleRequest(it) } +
            listOf("tournaments.filter" to "{\"tournaments\":[{\"id\":5}]}", "no.such" to "{}", "library.info" to "{")
        var responseBytes = 0L
        fun run(count: Int) {
            for (index in 0 until count) {
                val (method, request) = requests[index % requests.size]
                try {
                    responseBytes += core.call(method, request).length
                } catch (e: TournamentCoreException) {
                    responseBytes += e.message.length
                }
            }
        }
        // Warm-up (class loading, the JIT's compilations, the allocators' arenas) until the resident
        // set settles: one-time growth then lands before the baseline, not in the measurement. (A
        // leak never settles: after ten rounds the baseline is taken anyway and the test fails.)
        run(20_000)
        var before = settledResidentKb()
        for (round in 1..10) {
            run(10_000)
            val now = settledResidentKb()
            val settled = now - before < 1024
            before = now
            if (settled) break
        }
        responseBytes = 0
        val start = System.nanoTime()
        run(200_000)
        val seconds = (System.nanoTime() - start) / 1e9
        val after = settledResidentKb()
        val growthKb = after - before
        println("memory: 200000 calls in %.2f s (%.1f us/call), %d MB of responses; VmRSS %d kB -> %d kB, growth %d kB; heap max %d MB"
            .format(seconds, seconds * 1e6 / 200_000, responseBytes shr 20, before, after, growthKb, Runtime.getRuntime().maxMemory() shr 20))
        assertTrue(growthKb < 20 * 1024, "VmRSS grew by $growthKb kB over 200000 calls")
    }
}
