// One TournamentCore shared by many threads gives the answers one thread gets.
package tournamentcore.test

import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test
import tournamentcore.TournamentCoreJson
import java.util.Collections
import java.util.Random
import java.util.concurrent.CyclicBarrier
import java.util.concurrent.Executors
import java.util.concurrent.TimeUnit

class ConcurrencyTest {
    @Test
    fun `8 threads calling concurrently agree with a single-threaded run`() {
        // Every golden case but the repair registry's (process-wide state, by design), and every
        // deterministic method's example through its typed function.
        val cases = goldenCases.filter { !it.method.startsWith("participants.repair") }
        val typedMethods = methods.filter { isDeterministic(it) }
        val expectedBytes = cases.map { core.callBytes(it.method, it.request) }
        val typedRequests = typedMethods.map { TournamentCoreJson.fromJson(exampleRequest(it), typedFunction(it)!!.parameterTypes[0]) }
        val expectedTyped = typedMethods.mapIndexed { index, method -> invokeTyped(typedFunction(method)!!, typedRequests[index]) }

        val threads = 8
        val rounds = 6
        val barrier = CyclicBarrier(threads)
        val failures = Collections.synchronizedList(ArrayList<String>())
        val pool = Executors.newFixedThreadPool(threads)
        val calls: Long
        try {
            val futures = (0 until threads).map { thread ->
                pool.submit<Long> {
                    val random = Random(thread.toLong())
                    var done = 0L
                    barrier.await()
                    repeat(rounds) {
                        for (index in cases.indices.shuffled(random)) {
                            val case = cases[index]
                            val actual = core.callBytes(case.method, case.request)
                            if (!actual.contentEquals(expectedBytes[index])) failures.add("thread $thread: $case: ${String(actual, Charsets.UTF_8)}")
                            done++
                        }
                        for (index in typedMethods.indices.shuffled(random)) {
                            val actual = invokeTyped(typedFunction(typedMethods[index])!!, typedRequests[index])
                            if (actual != expectedTyped[index]) failures.add("thread $thread: typed ${typedMethods[index]}: $actual")
                            done++
                        }
                    }
                    done
                }
            }
            calls = futures.map { it.get(5, TimeUnit.MINUTES) }.sum()
        } finally {
            pool.shutdownNow()
        }
        assertEquals(emptyList<String>(), failures.take(10))
        assertTrue(calls == threads.toLong() * rounds * (cases.size + typedMethods.size), "calls: $calls")
        println("concurrency: $calls calls on $threads threads agreed with the single-threaded run")
    }

    private fun IntRange.shuffled(random: Random): List<Int> = toMutableList().also { Collections.shuffle(it, random) }
}
