// Checks the Kotlin peer (Peer.kt) against the library, as Benchmarks/python/check_peer.py checks
// the Python one: every golden request of its methods (Tests/golden/<method>/*.request.json)
// and every benchmark request of a folder, each answered by the typed binding (the library) and
// by the peer on the same request object, the results (or the errors' code, message and path)
// compared. Prints the requests whose answers differ and exits 1 when any does.
//
//     java -cp ... tournamentcore.benchmarks.CheckPeerKt ROOT [REQUESTS_DIR]
//
// ROOT is the repository (for Tests/golden); the library is found as TournamentCore() finds it
// (-Djna.library.path, -Dtournamentcore.library, TOURNAMENTCORE_LIBRARY). A golden request is
// usable when the typed request classes can hold it (a number where a string belongs, a fraction
// for an integer, a required member missing... are refused by decoding: the typed binding cannot
// send them, so neither answers them); every benchmark request must be usable.
@file:JvmName("CheckPeerKt")
package tournamentcore.benchmarks

import tournamentcore.TournamentCore
import java.io.File
import kotlin.system.exitProcess

private fun compare(core: TournamentCore, method: Method<*, *>, request: Any): Pair<Outcome, Outcome>? {
    val expected = method.typedOutcome(core, request)
    val got = method.peerOutcome(request)
    return if (expected.sameAs(got)) null else expected to got
}

fun main(arguments: Array<String>) {
    if (arguments.isEmpty() || arguments.size > 2) {
        System.err.println("usage: CheckPeerKt ROOT [REQUESTS_DIR]")
        exitProcess(2)
    }
    val root = File(arguments[0])
    val core = TournamentCore()
    var failed = 0
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
        for ((name, answers) in differing) println("  $name\n    library: ${answers.first}\n    peer:    ${answers.second}")
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
                println("    library: ${answers.first}\n    peer:    ${answers.second}")
            }
        }
        if (checked == 0) {
            println("no benchmark requests of the seven methods in ${arguments[1]}")
            failed++
        }
    }
    exitProcess(if (failed > 0) 1 else 0)
}
