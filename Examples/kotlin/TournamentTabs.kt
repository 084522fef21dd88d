/*
 * tournament_tabs — the tournament list screen of the app, as a Kotlin/JVM host builds it with
 * TournamentCore: read tournament documents from a file, ask the core for the Active and the
 * Completed tab, print both with their counts, labels and empty states. The same program as
 * Examples/c/tournament_tabs.c, with the same output, through the typed Kotlin binding.
 *
 *   java -Djna.library.path=<folder of libtournamentcore.so> \
 *        -cp tournament-tabs.jar:tournamentcore.jar:jna.jar:gson.jar:kotlin-stdlib.jar \
 *        TournamentTabsKt <tournaments.json> [--public-only] [--query TEXT]
 *
 * The file holds {"tournaments":[...]} (documents as the database stores them) or a bare array.
 * Built by bindings/kotlin/CMakeLists.txt against tournamentcore.jar, JNA, Gson and the Kotlin
 * standard library only.
 */
import com.google.gson.JsonParseException
import com.google.gson.JsonPrimitive
import com.google.gson.reflect.TypeToken
import tournamentcore.TournamentCore
import tournamentcore.TournamentCoreException
import tournamentcore.TournamentCoreJson
import tournamentcore.TournamentDocument
import tournamentcore.TournamentTab
import tournamentcore.TournamentsFilterRequest
import tournamentcore.TournamentsFilterResult
import java.io.File
import java.io.IOException
import kotlin.system.exitProcess

/** The documents of the file: {"tournaments":[...]} or a bare array. */
fun readDocuments(path: String): List<TournamentDocument> {
    val text = File(path).readText(Charsets.UTF_8)
    return if (text.trimStart().startsWith("[")) {
        TournamentCoreJson.fromJson(text, object : TypeToken<List<TournamentDocument>>() {})
    } else {
        TournamentCoreJson.fromJson(text, TournamentsFilterRequest::class.java).tournaments
    }
}

/** [text] left-aligned in [width] columns, counting characters (code points), not UTF-16 units. */
fun column(text: String, width: Int): String {
    val characters = text.codePointCount(0, text.length)
    return if (characters < width) text + " ".repeat(width - characters) else text
}

fun printTab(result: TournamentsFilterResult, selected: TournamentTab) {
    val active = result.labels.active
    val completed = result.labels.completed
    println(if (selected == TournamentTab.ACTIVE) "[ $active ]   $completed" else "  $active   [ $completed ]")
    val empty = result.emptyState
    if (result.isEmpty && empty != null) {
        println("    (${TournamentCoreJson.jsonValue(empty.icon)}) ${empty.title}")
        println("    ${empty.message}")
        println()
        return
    }
    for (tournament in result.tournaments) {
        // A capacity of 0 means the document does not say.
        val places = if (tournament.maxParticipants > 0) {
            "${tournament.currentParticipants}/${tournament.maxParticipants}"
        } else {
            "${tournament.currentParticipants}"
        }
        println("    " + column(tournament.name, 22) + column(if (tournament.location.isNotEmpty()) tournament.location else "-", 24) +
            column(TournamentCoreJson.jsonValue(tournament.status), 13) + column(places, 7) +
            if (tournament.public) "public" else "private")
    }
    println()
}

fun main(args: Array<String>) {
    var path: String? = null
    var query: String? = null
    var publicOnly = false
    var index = 0
    while (index < args.size) {
        val argument = args[index]
        when {
            argument == "--public-only" -> publicOnly = true
            argument == "--query" && index + 1 < args.size -> query = args[++index]
            path == null && !argument.startsWith("-") -> path = argument
            else -> {
                path = null
                index = args.size
            }
        }
        index++
    }
    if (path == null) {
        System.err.println("usage: tournament_tabs <tournaments.json> [--public-only] [--query TEXT]")
        exitProcess(2)
    }
    val documents = try {
        readDocuments(path)
    } catch (e: IOException) {
        System.err.println("$path: ${e.message}")
        exitProcess(1)
    } catch (e: JsonParseException) {
        System.err.println("$path: ${e.message}")
        exitProcess(1)
    }

    val core = TournamentCore()
    println("TournamentCore ${core.version}: tournament tabs of $path" +
        (if (publicOnly) ", public only" else "") + (if (query != null) ", matching $query" else ""))
    println()
    try {
        val request = TournamentsFilterRequest(documents, publicOnly = publicOnly, query = query)
        val active = core.tournamentsFilter(request.copy(tab = JsonPrimitive("active")))
        val completed = core.tournamentsFilter(request.copy(tab = JsonPrimitive("completed")))
        printTab(active, TournamentTab.ACTIVE)
        printTab(completed, TournamentTab.COMPLETED)
    } catch (e: TournamentCoreException) {
        System.err.println("tournaments.filter failed: ${e.code}: ${e.message}" + (if (e.path != null) " at ${e.path}" else ""))
        exitProcess(1)
    }
}
