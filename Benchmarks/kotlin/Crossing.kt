// What crossing from the JVM into the library costs per call, by three ways of crossing:
// tc_call_n with the request's bytes, the response copied into a ByteArray and released with
// tc_string_free, on a few of the benchmark's requests. The figures behind the binding's choice of
// JNA direct mapping over JNI (bindings/kotlin/README.md, "What a typed call costs, and JNA or JNI").
//
//     BUILD/bindings/kotlin/crossing-benchmark REQUESTS_DIR LIBRARY [--rounds N] [--milliseconds MS]
//       [--batches K] [--warmup MS] [--all] [--check]
//
// (crossing-benchmark, written by bindings/kotlin/CMakeLists.txt, is `java -Xms2g -Xmx2g -cp
// tournamentcore-benchmarks.jar:... tournamentcore.benchmarks.CrossingKt --jni SHIM`, SHIM being
// the build's libtournamentcore_crossing_jni.so, Benchmarks/kotlin/crossing_jni.c.)
//
// The crossings:
//   Function.invoke   JNA's generic call: a Function of the library, its arguments boxed in an
//                     Object[] (what the binding falls back to beyond its direct-mapped slots);
//   direct mapping    the binding's own crossing, through its public API: TournamentCore.callBytes
//                     (JNA direct mapping, Direct.kt; the method name made NUL-terminated per call);
//   JNI shim          crossing_jni.c: the method name and the request pinned with
//                     GetPrimitiveArrayCritical (nothing copied in), the response copied into a new
//                     byte array, released; the method name's NUL-terminated bytes made once.
//
// REQUESTS_DIR holds METHOD.SIZE.json files (`benchmark --quick --all-requests DIR`); the requests
// timed are guests.validateId small, tournaments.filter small, matches.sections large and
// guests.check large, or with --all every file. LIBRARY is libtournamentcore.so, loaded by path by
// all three. Before timing, every request's three responses are checked to be the same bytes;
// --check does only that, on every file, with the shim's failure cases (a method name without its
// NUL, a length beyond the array) answered as explicit errors: the ctest kotlin_crossing.
//
// Timing as Benchmarks/kotlin/Typed.kt does it: every crossing runs for about --warmup
// milliseconds, twice over, so that the JIT has compiled it; each round then times every request's
// crossings one after the other (their order turned by one each round), each after a full GC, in
// --batches batches of a number of calls fixed after warm-up, of which the round keeps the fastest
// (a batch that was preempted is slower, never faster). The table gives the medians over rounds,
// and the JNI saving per call: the median of the rounds' (direct mapping − JNI shim).
@file:JvmName("CrossingKt")
package tournamentcore.benchmarks

import com.sun.jna.Function
import com.sun.jna.Native
import com.sun.jna.NativeLibrary
import com.sun.jna.Pointer
import tournamentcore.TournamentCore
import java.io.File
import java.util.Arrays
import kotlin.system.exitProcess

/** Benchmarks/kotlin/crossing_jni.c, loaded with System.load before first use. */
internal object JniShim {
    /** dlopen(pathZ) and its tc_call_n and tc_string_free: a handle, or minus an error code. */
    @JvmStatic external fun open(pathZ: ByteArray): Long

    /** tc_call_n(methodZ, request, length): the response's bytes, or null (then [lastError] says why). */
    @JvmStatic external fun call(handle: Long, methodZ: ByteArray, request: ByteArray, length: Int): ByteArray?

    /** The error of this thread's last call (0: none). */
    @JvmStatic external fun lastError(): Int

    /** The error codes of crossing_jni.c. */
    fun describe(code: Int): String = when (code) {
        0 -> "no error"
        1 -> "no handle"
        2 -> "a null or empty argument"
        3 -> "the method name does not end with NUL"
        4 -> "the length is outside the request's array"
        5 -> "GetPrimitiveArrayCritical failed"
        6 -> "tc_call_n returned NULL"
        7 -> "the response is too large for a byte array"
        8 -> "the response's byte array could not be made"
        9 -> "dlopen failed"
        10 -> "the library lacks tc_call_n or tc_string_free"
        11 -> "out of memory"
        else -> "error $code"
    }
}

/** JNA's Function.invoke of tc_call_n and tc_string_free (64-bit or 32-bit size_t). */
private class InvokeCrossing(library: NativeLibrary) {
    private val callN: Function = library.getFunction("tc_call_n")
    private val stringFree: Function = library.getFunction("tc_string_free")
    private val wide = Native.SIZE_T_SIZE == 8

    fun call(methodZ: ByteArray, request: ByteArray): ByteArray {
        val lengthIn: Any = if (wide) request.size.toLong() else request.size
        val lengthOut: Any = if (wide) LongArray(1) else IntArray(1)
        val response: Pointer = callN.invokePointer(arrayOf(methodZ, request, lengthIn, lengthOut))
            ?: throw OutOfMemoryError("tc_call_n returned NULL")
        try {
            val size = if (wide) (lengthOut as LongArray)[0] else (lengthOut as IntArray)[0].toLong() and 0xFFFFFFFFL
            if (size > Int.MAX_VALUE - 8) throw OutOfMemoryError("a response of $size bytes")
            return response.getByteArray(0, size.toInt())
        } finally {
            stringFree.invokeVoid(arrayOf(response))
        }
    }
}

private class Crossing(val name: String, val run: () -> ByteArray) {
    var calls = 1
}

private class Request(val method: String, val label: String, val bytes: Int, val responseBytes: Int,
                      val crossings: List<Crossing>) {
    val times = LinkedHashMap<String, MutableList<Double>>()

    fun add(crossing: String, seconds: Double) { times.getOrPut(crossing) { ArrayList() }.add(seconds) }
    fun median(crossing: String): Double = median(times.getValue(crossing))
    fun difference(top: String, bottom: String): Double =
        median(times.getValue(top).zip(times.getValue(bottom)).map { (a, b) -> a - b })
}

/** Where responses go, so that the JIT cannot drop a call whose result is unused. */
@Volatile private var crossingSink: Any? = null
private val crossingKept = arrayOfNulls<Any>(16)

/** Seconds per call of [run]: after a full GC, the fastest of [batches] batches of [calls] calls. */
private fun timeBatches(run: () -> ByteArray, calls: Int, batches: Int): Double {
    System.gc()
    var best = Double.MAX_VALUE
    for (batch in 0 until batches) {
        val start = System.nanoTime()
        for (call in 0 until calls) crossingKept[call and 15] = run()
        val elapsed = System.nanoTime() - start
        crossingSink = crossingKept[0]
        best = minOf(best, elapsed / 1e9 / calls)
    }
    return best
}

/** Runs [run] for about [milliseconds] (at least 3 calls); the seconds per call. */
private fun warmUp(run: () -> ByteArray, milliseconds: Double): Double {
    val start = System.nanoTime()
    val until = start + (milliseconds * 1e6).toLong()
    var calls = 0
    while (true) {
        crossingSink = run()
        calls++
        val now = System.nanoTime()
        if (now >= until && calls >= 3) return (now - start) / 1e9 / calls
    }
}

private fun microseconds(seconds: Double): String {
    val us = seconds * 1e6
    return when {
        us < 10 -> String.format("%.2f µs", us)
        us < 1000 -> String.format("%.1f µs", us)
        else -> String.format("%,.0f µs", us)
    }
}

private fun sizeOf(count: Int): String = when {
    count < 1024 -> "$count B"
    count < 1024 * 1024 -> String.format("%.1f KB", count / 1024.0)
    else -> String.format("%.2f MB", count / 1024.0 / 1024.0)
}

private fun nulTerminated(text: String): ByteArray {
    val bytes = text.toByteArray(Charsets.UTF_8)
    return bytes.copyOf(bytes.size + 1)
}

private fun crossingUsage(): Nothing {
    System.err.println("usage: CrossingKt --jni SHIM REQUESTS_DIR LIBRARY [--rounds N] [--milliseconds MS] " +
        "[--batches K] [--warmup MS] [--all] [--check]")
    exitProcess(2)
}

private fun failed(message: String): Nothing {
    System.err.println("crossing: $message")
    exitProcess(1)
}

/** The requests timed by default, as METHOD.SIZE of the requests' folder. */
private val timedRequests = listOf("guests.validateId.small", "tournaments.filter.small", "matches.sections.large",
    "guests.check.large")

/** Whether [method]'s answers vary from call to call (random ids, the repair registry), as Benchmarks/compare.c says. */
private fun varies(method: String): Boolean = method == "guests.generateId" || method.startsWith("participants.repair")

/** The shim's failures are explicit errors, and a shorter length is honoured (--check only). */
private fun checkShimErrors(handle: Long, core: TournamentCore, invoke: InvokeCrossing) {
    val request = "{\"id\":\"guest_0123456789abcdef\"}".toByteArray(Charsets.UTF_8)
    val method = "guests.validateId"
    fun expectError(what: String, code: Int, response: ByteArray?) {
        val got = JniShim.lastError()
        if (response != null || got != code) {
            failed("JNI shim, $what: expected error $code (${JniShim.describe(code)}), got " +
                (if (response != null) "a response" else "error $got (${JniShim.describe(got)})"))
        }
    }
    expectError("a method name without its NUL", 3,
        JniShim.call(handle, method.toByteArray(Charsets.UTF_8), request, request.size))
    expectError("an empty method name", 3, JniShim.call(handle, ByteArray(0), request, request.size))
    expectError("a length beyond the array", 4, JniShim.call(handle, nulTerminated(method), request, request.size + 1))
    expectError("a negative length", 4, JniShim.call(handle, nulTerminated(method), request, -1))
    expectError("no handle", 1, JniShim.call(0L, nulTerminated(method), request, request.size))
    if (JniShim.open(nulTerminated("/nonexistent/libtournamentcore.so")) != -9L) failed("JNI shim: open of a missing file")
    // A prefix of the request (length shorter than the array): the library answers the prefix.
    val prefix = request.copyOf(request.size - 1)
    val shorter = JniShim.call(handle, nulTerminated(method), request, prefix.size)
        ?: failed("JNI shim, a shorter length: ${JniShim.describe(JniShim.lastError())}")
    if (JniShim.lastError() != 0) failed("JNI shim: an error left after a success")
    if (!Arrays.equals(shorter, core.callBytes(method, prefix)) || !Arrays.equals(shorter, invoke.call(nulTerminated(method), prefix))) {
        failed("JNI shim, a shorter length: not the response to the request's prefix")
    }
    // An unknown method, an empty request and invalid UTF-8: the same error envelopes by all three.
    for ((name, bytes) in listOf("no.suchMethod" to request, method to ByteArray(0),
            method to byteArrayOf(0x7b, 0xff.toByte(), 0x7d))) {
        val jni = JniShim.call(handle, nulTerminated(name), bytes, bytes.size)
            ?: failed("JNI shim, $name on ${bytes.size} bytes: ${JniShim.describe(JniShim.lastError())}")
        if (!Arrays.equals(jni, core.callBytes(name, bytes)) || !Arrays.equals(jni, invoke.call(nulTerminated(name), bytes))) {
            failed("$name on ${bytes.size} bytes: the crossings answer differently")
        }
    }
}

fun main(arguments: Array<String>) {
    val positional = ArrayList<String>()
    var shim: String? = null
    var rounds = 7
    var milliseconds = 40.0
    var batches = 5
    var warmup = 300.0
    var all = false
    var check = false
    var index = 0
    while (index < arguments.size) {
        val argument = arguments[index]
        fun value(): String = arguments.getOrNull(++index) ?: crossingUsage()
        when (argument) {
            "--jni" -> shim = value()
            "--rounds" -> rounds = value().toInt()
            "--milliseconds" -> milliseconds = value().toDouble()
            "--batches" -> batches = value().toInt()
            "--warmup" -> warmup = value().toDouble()
            "--all" -> all = true
            "--check" -> check = true
            else -> if (argument.startsWith("--")) crossingUsage() else positional.add(argument)
        }
        index++
    }
    if (positional.size != 2 || shim == null) crossingUsage()
    val library = File(positional[1]).absolutePath
    System.load(File(shim).absolutePath)
    val handle = JniShim.open(nulTerminated(library))
    if (handle < 0) failed("JNI shim: $library: ${JniShim.describe((-handle).toInt())}")
    val core = TournamentCore(library)
    val invoke = InvokeCrossing(NativeLibrary.getInstance(library))
    if (check) checkShimErrors(handle, core, invoke)

    val files = File(positional[0]).listFiles { file -> file.name.endsWith(".json") }?.sortedBy { it.name }
        ?: crossingUsage()
    val chosen = if (all || check) files else timedRequests.map { name ->
        files.firstOrNull { it.name == "$name.json" } ?: failed("no $name.json in ${positional[0]}")
    }
    val requests = ArrayList<Request>()
    for (file in chosen) {
        val base = file.name.removeSuffix(".json")
        val method = base.substringBeforeLast('.')
        val label = base.substringAfterLast('.')
        val bytes = file.readBytes()
        val methodZ = nulTerminated(method)
        val crossings = listOf(
            Crossing("invoke") { invoke.call(methodZ, bytes) },
            Crossing("direct") { core.callBytes(method, bytes) },
            Crossing("jni") {
                JniShim.call(handle, methodZ, bytes, bytes.size)
                    ?: throw IllegalStateException("JNI shim: ${JniShim.describe(JniShim.lastError())}")
            })
        // The answers first: the same bytes by every crossing (for a method whose answers vary, the
        // same kind of envelope: its first 11 bytes, as Benchmarks/compare.c checks).
        val expected = crossings[1].run()
        for (crossing in crossings) {
            val got = crossing.run()
            val same = if (varies(method)) {
                got.size >= 11 && expected.size >= 11 && Arrays.equals(got.copyOf(11), expected.copyOf(11))
            } else {
                Arrays.equals(got, expected)
            }
            if (!same) failed("${file.name}: ${crossing.name} answers differently")
        }
        requests.add(Request(method, label, bytes.size, expected.size, crossings))
    }
    if (check) {
        println("crossing: the three crossings (JNA Function.invoke, JNA direct mapping, the JNI shim) answer the same " +
            "bytes on ${requests.size} requests, and the shim's failures are explicit errors")
        return
    }

    for (pass in 0 until 2) {
        for (request in requests) {
            for (crossing in request.crossings) {
                val single = warmUp(crossing.run, warmup)
                crossing.calls = maxOf(1, (milliseconds / 1000 / batches / maxOf(single, 1e-8)).toInt())
            }
        }
    }
    for (round in 0 until rounds) {
        for (request in requests) {
            val count = request.crossings.size
            for (turn in 0 until count) {
                val crossing = request.crossings[(turn + round) % count]
                request.add(crossing.name, timeBatches(crossing.run, crossing.calls, batches))
            }
        }
    }

    println("Crossing into the library from Kotlin/JVM (Java ${System.getProperty("java.version")}, " +
        "${System.getProperty("java.vm.name")}; JNA ${Native.VERSION}; TournamentCore ${core.version}): tc_call_n with the " +
        "response copied into a ByteArray and released, per call; median of $rounds interleaved rounds, each the fastest " +
        "of $batches batches, after JIT warm-up")
    println()
    println("| request | request size | response size | JNA `Function.invoke` | JNA direct mapping (the binding) | JNI shim | JNI saving per call |")
    println("|---|---:|---:|---:|---:|---:|---:|")
    for (r in requests) {
        val saving = r.difference("direct", "jni")
        println("| ${r.method} ${r.label} | ${sizeOf(r.bytes)} | ${sizeOf(r.responseBytes)} | ${microseconds(r.median("invoke"))} | " +
            "${microseconds(r.median("direct"))} | ${microseconds(r.median("jni"))} | " +
            (if (saving < 0) "−" + microseconds(-saving) else microseconds(saving)) +
            String.format(" (%s%.0f%%)", if (saving < 0) "−" else "", 100 * Math.abs(saving) / r.median("direct")) + " |")
    }
    println()
    println("(JNI saving per call: the median of the rounds' direct mapping − JNI shim, and its share of direct mapping's time.)")
}
