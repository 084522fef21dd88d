// Checks the Kotlin peer (Peer.kt) against the library, as Benchmarks/python/check_peer.py checks
// the Python one: every golden request of its methods (Tests/golden/<method>/*.request.json)
// and every benchmark request of a folder, each answered by the typed binding (the library) and
// by the peer on the same request object, the results (or the errors' code, message and path)
// compared. Prints the requests whose answers differ and exits 1 when any does.
//
//     java -cp ... tournamentcore.benchmarks.CheckPeerKt ROOT [REQUESTS_DIR] [--fuzz N]
//
// With --fuzz N, also N variations of each small request (golden and benchmark, under 4 KB): one
// value replaced by another of another type or range, or removed, or set to null; those the
// typed classes hold are answered by both, and those whose answers differ are listed (not a
// failure: the peer need not name the same first problem of a request with several).
//
// ROOT is the repository (for Tests/golden); the library is found as TournamentCore() finds it
// (-Djna.library.path, -Dtournamentcore.library, TOURNAMENTCORE_LIBRARY). A golden request is
// usable when the typed request classes can hold it (a number where a string belongs, a fraction
// for an integer, a required member missing... are refused by decoding: the typed binding cannot
// send them, so neither answers them); every benchmark request must be usable.
@file:JvmName("CheckPeerKt")
package tournamentcore.benchmarks

import com.google.gson.JsonArray
import com.google.gson.JsonElement
import com.google.gson.JsonNull
import com.google.gson.JsonObject
import com.google.gson.JsonParser
import com.google.gson.JsonPrimitive
import tournamentcore.TournamentCore
import java.io.File
import java.util.Random
import kotlin.system.exitProcess

private fun compare(core: TournamentCore, method: Method<*, *>, request: Any): Pair<Outcome, Outcome>? {
    val expected = method.typedOutcome(core, request)
    val got = method.peerOutcome(request)
    return if (expected.sameAs(got)) null else expected to got
}

private val REPLACEMENTS: List<JsonElement> = listOf("null", "true", "\"\"", "\" \"", "\"x\"", "\"Archer 2\"", "-1", "0", "1",
    "10", "11", "8.5", "2.0", "1e300", "2147483648", "9223372036854775808", "[]", "{}", "[1]", "{\"a\":1}",
    "\"IN_PROGRESS\"", "\"guest_0123456789abcdef\"", "\"a/b\"", "\"..\"", "\"__x__\"", "\"2024-02-30T00:00:00Z\"",
    "\"2024-08-16T23:30:00+01:00\"", "\"HOME_TEAM\"", "\"DRAW\"", "\"skip\"", "\"all\"", "\"completed\"", "\"allTime\"",
    "\"Europe/Paris\"", "-1000.5", "1500", "\"Archer 01\"", "\"_x\"", "\"0000-01-01T00:30:00+01:00\"",
    "\"9999-12-31T23:30:00-01:00\"", "\"Asia/Kathmandu\"").map { JsonParser.parseString(it) }

/** Every place of a tree's values: (container, member name or index). */
private fun places(value: JsonElement, into: MutableList<Pair<JsonElement, Any>>) {
    if (value is JsonObject) {
        for ((key, member) in value.entrySet()) {
            into.add(value to key)
            places(member, into)
        }
    } else if (value is JsonArray) {
        for (index in 0 until value.size()) {
            into.add(value to index)
            places(value[index], into)
        }
    }
}

/** [count] variations of [request] (one value changed); those whose answers differ, as (request, library, peer). */
private fun fuzz(core: TournamentCore, method: Method<*, *>, request: String, count: Int, random: Random,
                 tried: IntArray): List<Triple<String, Outcome, Outcome>> {
    val differing = ArrayList<Triple<String, Outcome, Outcome>>()
    for (variation in 0 until count) {
        val tree = JsonParser.parseString(request)
        val spots = ArrayList<Pair<JsonElement, Any>>()
        places(tree, spots)
        if (spots.isEmpty()) return differing
        val (container, key) = spots[random.nextInt(spots.size)]
        val replacement = REPLACEMENTS[random.nextInt(REPLACEMENTS.size)].deepCopy()
        if (container is JsonObject) {
            if (random.nextDouble() < 0.2) container.remove(key as String) else container.add(key as String, replacement)
        } else {
            (container as JsonArray).set(key as Int, replacement)
        }
        val text = tree.toString()
        val typed = method.requestOrNull(text) ?: continue
        tried[0]++
        compare(core, method, typed)?.let { differing.add(Triple(text, it.first, it.second)) }
    }
    return differing
}

fun main(commandLine: Array<String>) {
    val arguments = commandLine.toMutableList()
    var fuzzing = 0
    val at = arguments.indexOf("--fuzz")
    if (at >= 0 && at + 1 < arguments.size) {
        fuzzing = arguments[at + 1].toInt()
        arguments.subList(at, at + 2).clear()
    }
    if (arguments.isEmpty() || arguments.size > 2) {
        System.err.println("usage: CheckPeerKt ROOT [REQUESTS_DIR] [--fuzz N]")
        exitProcess(2)
    }
    val root = File(arguments[0])
    val core = TournamentCore()
    var failed = 0
    if (fuzzing > 0) {
        val random = Random(70)
        for (method in METHODS) {
            val sources = (File(root, "Tests/golden/${method.name}").listFiles { file -> file.name.endsWith(".request.json") }
                ?.toList() ?: emptyList()) +
                (if (arguments.size > 1) listOf(File(arguments[1], "${method.name}.small.json")).filter { it.exists() } else emptyList())
            val tried = IntArray(1)
            val differing = ArrayList<Triple<String, Outcome, Outcome>>()
            for (source in sources.sortedBy { it.path }) {
                val text = source.readText()
                if (text.length >= 4096 || method.requestOrNull(text) == null) continue
                differing += fuzz(core, method, text, fuzzing, random, tried)
            }
            println("${method.name}: ${tried[0]} variations the typed classes hold, ${differing.size} answered otherwise")
            for ((text, expected, got) in differing.take(8)) {
                val (library, peer) = expected.against(got)
                println("  ${text.take(300)}\n    library: $library\n    peer:    $peer")
            }
        }
    }
    for (method in METHODS) {
        val cases = File(root, "Tests/golden/${method.name}").listFiles { file -> file.name.endsWith(".request.json") }
            ?.sortedBy { it.name } ?: emptyList()
        if (cases.isEmpty()) {
            println("${method.name}: no golden requests in ${root.path}/Tests/golden/${method.name}")
            failed++
            continue
        }
        var usable = 0
        val differing = ArrayList<Pair<String, Pair<Outcome, Outcome>>>()
        for (case in cases) {
            val request = method.requestOrNull(case.readText()) ?: continue
            usable++
            compare(core, method, request)?.let { differing.add(case.name to it) }
        }
        println("${method.name}: ${cases.size} golden requests, $usable usable (the typed classes hold them), " +
            "${differing.size} answered otherwise")
        failed += differing.size
        for ((name, answers) in differing) {
            val (library, peer) = answers.first.against(answers.second)
            println("  $name\n    library: $library\n    peer:    $peer")
        }
    }
    if (arguments.size > 1) {
        val files = File(arguments[1]).listFiles()?.sortedBy { it.name } ?: emptyList()
        var checked = 0
        for (file in files) {
            val method = methodNamed(file.name.substringBeforeLast('.').substringBeforeLast('.')) ?: continue
            checked++
            val request = method.requestOrNull(file.readText())
            if (request == null) {
                println("benchmark ${file.name}: NOT USABLE (the typed request classes cannot hold it)")
                failed++
                continue
            }
            val answers = compare(core, method, request)
            println("benchmark ${file.name}: ${if (answers == null) "same answer" else "DIFFERS"}")
            if (answers != null) {
                failed++
                val (library, peer) = answers.first.against(answers.second)
                println("    library: $library\n    peer:    $peer")
            }
        }
        if (checked == 0) {
            println("no benchmark requests of the seven methods in ${arguments[1]}")
            failed++
        }
    }
    exitProcess(if (failed > 0) 1 else 0)
}
