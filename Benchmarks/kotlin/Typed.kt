// What a Kotlin/JVM user waits for: the typed binding end to end (a request object in, a result
// object out: `TournamentCore().tournamentsFilter(request)`), beside the raw text call
// (`core.call(method, text)`), the core alone (Benchmarks/native_timer.c, a C program calling
// tc_call_n in the same rounds, on the text the typed call sends) and the same rules written in
// Kotlin (Peer.kt, over the same request and result classes), on the benchmark's workloads of the
// issue 70 table; then where the typed call's time goes, and issue 70's targets. The Kotlin
// counterpart of Benchmarks/python/typed.py.
//
//     BUILD/bindings/kotlin/typed-benchmark REQUESTS_DIR LIBRARY [--native-timer PATH] [--rounds N]
//       [--milliseconds MS] [--batches K] [--warmup MS] [--only TEXT] [--baseline JAR]
//
// (typed-benchmark, written by bindings/kotlin/CMakeLists.txt, is `java -Xms2g -Xmx2g -cp
// tournamentcore-benchmarks.jar:tournamentcore.jar:jna.jar:gson.jar:kotlin-stdlib.jar
// tournamentcore.benchmarks.TypedKt`: a fixed heap, so that no round pays for growing it.)
//
// REQUESTS_DIR holds the workloads (`benchmark --quick --all-requests DIR`: METHOD.SIZE.json);
// each is decoded once into its request object beforehand (TournamentCoreJson.fromJson), as an
// app holds its data. LIBRARY is libtournamentcore.so, loaded by path. --baseline JAR: another
// build of the binding (an earlier commit's tournamentcore.jar), its typed call timed in the same
// rounds ("before"), on the same library, in a class loader of its own.
//
// Before timing, the answers are checked: the typed call's result is the raw call's on the
// file's text (decoded), and the peer's is the typed call's (equal objects, the same JSON text).
// Then every subject runs for about --warmup milliseconds, twice over, so that the JIT has
// compiled what it will compile (C2) before anything is timed. Each round then times every
// workload's subjects one after the other, each for about --milliseconds: after a full GC (so
// that no subject pays for the garbage of the one before), in --batches short batches (a number
// of calls fixed after warm-up, the same in every round), of which the round keeps the fastest;
// the core alone likewise (native-timer asked --batches times). On a machine shared with other
// work, a batch that was preempted is slower, never faster: the fastest batch is the subject's
// own time, and the median over rounds of it is what the tables give, with the median of the
// rounds' ratios. (A young collection that falls in a batch of a small workload is left out with
// that batch; on a large workload every call allocates enough to pay for its own.)
//
// Where the typed call's time goes (second table), each part timed alone in the same rounds,
// through the binding's public API (what a typed call does, whatever path the binding's internals
// take: one that skips a step shows as a negative "rest"): encode (the request object to UTF-8
// JSON bytes: TournamentCoreJson.toJson, then UTF-8), the crossing (core.callBytes on those bytes:
// JNA's call of tc_call_n, the response envelope copied out and freed; minus the core alone),
// decode (the envelope's bytes to the result's classes: UTF-8 decoding, the result cut out of
// {"ok":true,"result":...}, TournamentCoreJson.fromJson), and the rest (typed minus encode, the
// bytes call and decode: the typed function's own code).
@file:JvmName("TypedKt")
package tournamentcore.benchmarks

import tournamentcore.TournamentCore
import tournamentcore.TournamentCoreException
import tournamentcore.TournamentCoreJson
import java.io.BufferedReader
import java.io.File
import java.io.InputStreamReader
import java.io.OutputStreamWriter
import java.net.URLClassLoader
import java.nio.file.Files
import kotlin.system.exitProcess

/** Benchmarks/native_timer.c: the core alone, tc_call_n on a file's bytes, in C, on request. */
private class NativeTimer(path: String, library: String) {
    private val process = ProcessBuilder(path, library).redirectError(ProcessBuilder.Redirect.INHERIT).start()
    private val input = OutputStreamWriter(process.outputStream, Charsets.UTF_8)
    private val output = BufferedReader(InputStreamReader(process.inputStream, Charsets.UTF_8))

    /** Seconds per call of tc_call_n(method, the file's bytes), calling for about [seconds]. */
    fun perCall(method: String, file: File, seconds: Double): Double {
        input.write(String.format("%s %.1f %s\n", method, seconds * 1000, file.path))
        input.flush()
        val answer = output.readLine()?.trim()
        if (answer == null || answer.startsWith("error")) throw IllegalStateException("native-timer: $answer")
        return answer.toDouble() * 1e-9
    }

    fun close() {
        input.close()
        process.waitFor()
    }
}

/**
 * Another build of the binding ([jar], its tournamentcore.jar) beside this one: its classes of
 * package `tournamentcore` come from that jar (child first), JNA, Gson and Kotlin's library are
 * shared with this one (JNA loads a native library once per class loader of JNA). Reached by
 * reflection, as its classes are not this build's: a reflective call costs some tens of
 * nanoseconds, against microseconds for a typed call.
 */
private class Baseline(jar: File, library: String) {
    private val loader = object : URLClassLoader(arrayOf(jar.toURI().toURL()), Baseline::class.java.classLoader) {
        override fun loadClass(name: String, resolve: Boolean): Class<*> {
            if (!name.startsWith("tournamentcore.") || name.startsWith("tournamentcore.benchmarks.")) {
                return super.loadClass(name, resolve)
            }
            synchronized(getClassLoadingLock(name)) {
                val loaded = findLoadedClass(name) ?: try {
                    findClass(name)
                } catch (e: ClassNotFoundException) {
                    return super.loadClass(name, resolve)
                }
                if (resolve) resolveClass(loaded)
                return loaded
            }
        }
    }
    private val coreClass = loader.loadClass("tournamentcore.TournamentCore")
    private val core: Any = coreClass.getConstructor(String::class.java).newInstance(library)
    private val jsonClass = loader.loadClass("tournamentcore.TournamentCoreJson")
    private val json: Any = jsonClass.getField("INSTANCE").get(null)
    private val fromJson = jsonClass.getMethod("fromJson", String::class.java, Class::class.java)
    private val toJson = jsonClass.getMethod("toJson", Any::class.java)

    /** [method]'s typed call in the baseline, on [text] decoded once into the baseline's request class. */
    fun typed(method: Method<*, *>, text: String): () -> Any? {
        val requestClass = loader.loadClass(method.requestType.name)
        val request = fromJson.invoke(json, text, requestClass)
        val (group, member) = method.name.split('.')
        val function = coreClass.getMethod(group + member.substring(0, 1).toUpperCase() + member.substring(1), requestClass)
        return { function.invoke(core, request) }
    }

    fun toJson(value: Any?): String = toJson.invoke(json, value) as String
}

private class Subject(val name: String, val run: () -> Any?) {
    var calls = 1
}

private class Workload(val method: Method<*, *>, val label: String, val requestBytes: Int, val responseBytes: Int,
                       val sent: File, val subjects: List<Subject>) {
    val times = LinkedHashMap<String, MutableList<Double>>()

    fun add(subject: String, seconds: Double) { times.getOrPut(subject) { ArrayList() }.add(seconds) }
    fun median(subject: String): Double = median(times.getValue(subject))
    /** The median over rounds of top / bottom (or top - bottom), each round's own pair. */
    fun ratio(top: String, bottom: String): Double =
        median(times.getValue(top).zip(times.getValue(bottom)).map { (a, b) -> a / b })
    fun difference(top: String, bottom: String): Double =
        median(times.getValue(top).zip(times.getValue(bottom)).map { (a, b) -> a - b })
}

/** The median of `values` (the mean of the middle two for an even count); Crossing.kt uses it too. */
internal fun median(values: List<Double>): Double {
    val sorted = values.sorted()
    val middle = sorted.size / 2
    return if (sorted.size % 2 == 1) sorted[middle] else (sorted[middle - 1] + sorted[middle]) / 2
}

/** Where results go, so that the JIT cannot drop a call whose result is unused. */
@Volatile private var sink: Any? = null

/** Every result of a batch is stored here (a slot each, in turn): it escapes, so none can be left unbuilt. */
private val kept = arrayOfNulls<Any>(16)

/** Seconds per call of [subject]: after a full GC, the fastest of [batches] batches of [calls] calls. */
private fun timed(subject: () -> Any?, calls: Int, batches: Int): Double {
    System.gc()
    var best = Double.MAX_VALUE
    for (batch in 0 until batches) {
        val start = System.nanoTime()
        for (call in 0 until calls) kept[call and 15] = subject()
        val elapsed = System.nanoTime() - start
        sink = kept[0]
        best = minOf(best, elapsed / 1e9 / calls)
    }
    return best
}

/** Runs [subject] for about [milliseconds] and at least [least] calls; the seconds of the last call. */
private fun warm(subject: () -> Any?, milliseconds: Double, least: Int): Double {
    val until = System.nanoTime() + (milliseconds * 1e6).toLong()
    var calls = 0
    var start = System.nanoTime()
    while (true) {
        sink = subject()
        calls++
        val now = System.nanoTime()
        val last = (now - start) / 1e9
        start = now
        if (now >= until && calls >= least) return last
    }
}

private const val OK_PREFIX = "{\"ok\":true,\"result\":"

/** The subjects timed in the JVM (the bare calls), [encoded] being the request's JSON text. */
private fun <Q : Any, R : Any> subjects(method: Method<Q, R>, core: TournamentCore, request: Any, encoded: String):
    MutableList<Subject> {
    val typedRequest = method.requestType.cast(request)
    val name = method.name
    val bytes = encoded.toByteArray(Charsets.UTF_8)
    val envelope = core.callBytes(name, bytes)
    if (!String(envelope, Charsets.UTF_8).startsWith(OK_PREFIX)) throw IllegalStateException("$name: not a success envelope")
    return mutableListOf(
        Subject("typed") { method.typed(core, typedRequest) },
        Subject("text") { core.call(name, encoded) },
        Subject("bytes") { core.callBytes(name, bytes) },
        Subject("peer") { method.peer(typedRequest) },
        Subject("encode") { TournamentCoreJson.toJson(typedRequest).toByteArray(Charsets.UTF_8) },
        Subject("decode") {
            val text = String(envelope, Charsets.UTF_8)
            method.decodeResult(text.substring(OK_PREFIX.length, text.length - 1))
        })
}

private fun micro(seconds: Double): String =
    if (seconds < 1e-4) String.format("%.1f", seconds * 1e6) else String.format("%,.0f", seconds * 1e6)

private fun size(count: Int): String =
    if (count < 1024 * 1024) String.format("%.1f KB", count / 1024.0) else String.format("%.2f MB", count / 1024.0 / 1024.0)

private fun usage(): Nothing {
    System.err.println("usage: TypedKt REQUESTS_DIR LIBRARY [--native-timer PATH] [--rounds N] [--milliseconds MS] " +
        "[--batches K] [--warmup MS] [--only TEXT] [--baseline JAR]")
    exitProcess(2)
}

fun main(arguments: Array<String>) {
    val positional = ArrayList<String>()
    var timerPath: String? = null
    var rounds = 7
    var milliseconds = 60.0
    var batches = 5
    var warmup = 400.0
    var only: String? = null
    var baselineJar: String? = null
    var index = 0
    while (index < arguments.size) {
        val argument = arguments[index]
        fun value(): String = arguments.getOrNull(++index) ?: usage()
        when (argument) {
            "--native-timer" -> timerPath = value()
            "--rounds" -> rounds = value().toInt()
            "--milliseconds" -> milliseconds = value().toDouble()
            "--batches" -> batches = value().toInt()
            "--warmup" -> warmup = value().toDouble()
            "--only" -> only = value()
            "--baseline" -> baselineJar = value()
            else -> if (argument.startsWith("--")) usage() else positional.add(argument)
        }
        index++
    }
    if (positional.size != 2) usage()
    val library = File(positional[1]).absolutePath
    val core = TournamentCore(library)
    val timer = timerPath?.let { NativeTimer(it, library) }
    val baseline = baselineJar?.let { Baseline(File(it), library) }
    val sentFolder = Files.createTempDirectory("kotlin-typed-requests-").toFile()   // the typed call's text, for native-timer

    val workloads = ArrayList<Workload>()
    val files = File(positional[0]).listFiles()?.sortedBy { it.name } ?: usage()
    for (file in files) {
        val method = methodNamed(file.name.substringBeforeLast('.').substringBeforeLast('.')) ?: continue
        if (only != null && !file.name.contains(only)) continue
        val label = file.name.removeSuffix(".json").substringAfterLast('.')
        val text = file.readText()
        val request: Any = method.requestOrNull(text) ?: run {
            System.err.println("${file.name}: the typed request classes cannot hold it")
            exitProcess(1)
        }
        // The answers first: the typed result is the raw call's on the file's text; the peer's is the same.
        val expected = outcome { method.decodeResult(core.call(method.name, text)) }
        val typed = method.typedOutcome(core, request)
        val peer = method.peerOutcome(request)
        for ((subject, got) in listOf("typed" to typed, "peer" to peer)) {
            if (!got.sameAs(expected)) {
                System.err.println("${method.name} ($label): $subject answers otherwise than the raw call\n" +
                    "  raw:      $expected\n  $subject: $got")
                exitProcess(1)
            }
        }
        val encoded = TournamentCoreJson.toJson(request)
        val sent = File(sentFolder, file.name)
        sent.writeText(encoded)
        val result = try {
            core.call(method.name, encoded)
        } catch (e: TournamentCoreException) {
            System.err.println("${file.name}: an error response ($e): not a workload")
            exitProcess(1)
        }
        val subjects = subjects(method, core, request, encoded)
        if (baseline != null) {
            val before = baseline.typed(method, text)
            if (baseline.toJson(before()) != typed.text) {
                System.err.println("${method.name} ($label): the baseline answers otherwise than the typed call")
                exitProcess(1)
            }
            subjects.add(Subject("before", before))
        }
        workloads.add(Workload(method, label, text.toByteArray(Charsets.UTF_8).size, result.toByteArray(Charsets.UTF_8).size,
            sent, subjects))
    }
    if (workloads.isEmpty()) {
        System.err.println("no workloads of the seven methods in ${positional[0]}")
        exitProcess(1)
    }

    // JIT warm-up: every subject of every workload, twice over (each time for half of --warmup and
    // at least 10 calls, so that a large workload's loops are compiled too); then each subject's
    // calls per batch, from the time of its last warm-up call.
    for (pass in 0 until 2) {
        for (workload in workloads) {
            for (subject in workload.subjects) {
                val single = warm(subject.run, warmup / 2, 10)
                subject.calls = maxOf(1, (milliseconds / 1000 / batches / maxOf(single, 1e-7)).toInt())
            }
        }
    }
    for (round in 0 until rounds) {
        for (workload in workloads) {
            if (timer != null) {
                workload.add("core", (0 until batches).map {
                    timer.perCall(workload.method.name, workload.sent, milliseconds / 1000 / batches)
                }.reduce { a, b -> minOf(a, b) })
            }
            for (subject in workload.subjects) workload.add(subject.name, timed(subject.run, subject.calls, batches))
        }
    }
    timer?.close()
    sentFolder.deleteRecursively()

    val hasCore = timer != null
    val hasBefore = baseline != null
    println("Kotlin/JVM (Java ${System.getProperty("java.version")}, ${System.getProperty("java.vm.name")}), the typed binding " +
        "(TournamentCore ${core.version}, JNA, Gson) end to end: median of $rounds interleaved rounds, each the fastest of " +
        "$batches batches, after JIT warm-up")
    println()
    val columns = listOf("workload", "request", "response") + (if (hasCore) listOf("core µs") else emptyList()) +
        listOf("text call µs", "typed µs") + (if (hasBefore) listOf("before µs", "before ÷ typed") else emptyList()) +
        listOf("peer µs", "peer ÷ typed")
    println("| " + columns.joinToString(" | ") + " |")
    println("|---|" + "---:|".repeat(columns.size - 1))
    for (w in workloads) {
        val row = arrayListOf("${w.method.name} (${w.label})", size(w.requestBytes), size(w.responseBytes))
        if (hasCore) row.add(micro(w.median("core")))
        row += listOf(micro(w.median("text")), micro(w.median("typed")))
        if (hasBefore) row += listOf(micro(w.median("before")), String.format("%.2f", w.ratio("before", "typed")))
        row += listOf(micro(w.median("peer")),
            String.format("**%.2f**", w.ratio("peer", "typed")))
        println("| " + row.joinToString(" | ") + " |")
    }
    println()
    println("Where the typed call's time goes (µs; crossing = the bytes call (core.callBytes through JNA) minus the core alone;")
    println("binding = typed minus the core alone, against the targets: at most the core on large, under 5 µs on small):")
    println()
    println("| workload | encode | crossing | core | decode | rest | binding (typed − core) | binding ÷ core |")
    println("|---|---:|---:|---:|---:|---:|---:|---:|")
    for (w in workloads) {
        val encode = w.median("encode")
        val decode = w.median("decode")
        val crossed = w.median("bytes")
        val typed = w.median("typed")
        val rest = micro(typed - encode - crossed - decode)
        val cells = if (hasCore) {
            val alone = w.median("core")
            val binding = w.difference("typed", "core")
            listOf(micro(encode), micro(crossed - alone), micro(alone), micro(decode), rest, micro(binding),
                String.format("%.2f", binding / alone))
        } else {
            listOf(micro(encode), "(bytes call ${micro(crossed)})", "", micro(decode), rest, "", "")
        }
        println("| ${w.method.name} (${w.label}) | ${cells.joinToString(" | ")} |")
    }
    if (hasCore) {
        println()
        println("Issue 70's targets: the typed call at least 2x faster than the peer; its own cost (typed − core)")
        println("at most the core's time on a large workload, under 5 µs on a small one. Peer ÷ core is what")
        println("peer ÷ typed would be with a binding that cost nothing (typed = core): the bound of the first target:")
        println()
        println("| workload | peer ÷ typed ≥ 2 | peer ÷ core (bound) | binding ≤ core (large) / < 5 µs (small) |")
        println("|---|---|---:|---|")
        for (w in workloads) {
            val faster = w.ratio("peer", "typed")
            val bound = w.ratio("peer", "core")
            val binding = w.difference("typed", "core")
            val large = w.label == "large"
            val limit = if (large) w.median("core") else 5e-6
            val met = if (large) binding <= limit else binding < limit
            println(String.format("| %s (%s) | %s %.2f | %.2f | %s %s µs against %s µs |", w.method.name, w.label,
                if (faster >= 2) "met" else "not met:", faster, bound, if (met) "met:" else "not met:", micro(binding),
                micro(limit)))
        }
    }
}
