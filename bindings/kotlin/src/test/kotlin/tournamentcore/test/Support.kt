// What the tests share: the library (loaded once), the repository's golden files and schemas.
package tournamentcore.test

import com.google.gson.JsonElement
import com.google.gson.JsonObject
import com.google.gson.JsonParser
import tournamentcore.ParticipantsRepairEndRequest
import tournamentcore.TournamentCore
import java.io.File
import java.lang.reflect.InvocationTargetException
import java.lang.reflect.Method

/** The library under test: found by the no-argument constructor (ctest sets -Djna.library.path). */
val core: TournamentCore by lazy { TournamentCore() }

/** The repository, for Tests/golden and schemas/: `-Dtournamentcore.root=<repository>` (ctest sets it). */
val root: File by lazy {
    val path = System.getProperty("tournamentcore.root")
        ?: throw IllegalStateException("Run the tests with -Dtournamentcore.root=<the repository> (ctest sets it)")
    File(path).also { check(File(it, "Tests/golden").isDirectory) { "No Tests/golden under $it" } }
}

fun json(text: String): JsonElement = JsonParser.parseString(text)

const val OK_PREFIX = "{\"ok\":true,\"result\":"

/** One golden case: Tests/golden/<method>/<name>.request.json and its .response.json (without its final newlines). */
class GoldenCase(val method: String, val name: String, val request: ByteArray, val response: ByteArray) {
    val responseText: String = String(response, Charsets.UTF_8)
    val isSuccess: Boolean get() = responseText.startsWith(OK_PREFIX)
    /** The golden `result`, exactly as its bytes are in the file. */
    val resultText: String get() = responseText.substring(OK_PREFIX.length, responseText.length - 1)
    val error: JsonObject get() = json(responseText).asJsonObject.getAsJsonObject("error")
    override fun toString() = "$method/$name"
}

val goldenCases: List<GoldenCase> by lazy {
    val folders = File(root, "Tests/golden").listFiles { file -> file.isDirectory }!!.sortedBy { it.name }
    folders.flatMap { folder ->
        folder.listFiles { file -> file.name.endsWith(".request.json") }!!.sortedBy { it.name }.map { file ->
            val name = file.name.removeSuffix(".request.json")
            var response = File(folder, "$name.response.json").readBytes()
            while (response.isNotEmpty() && response.last() == '\n'.toByte()) response = response.copyOf(response.size - 1)
            GoldenCase(folder.name, name, file.readBytes(), response)
        }
    }.also { check(it.isNotEmpty()) { "No golden case" } }
}

/** The methods the library serves (library.info), in the contract's order. */
val methods: List<String> by lazy { core.libraryInfo().methods }

fun requestSchema(method: String): JsonObject =
    json(File(root, "schemas/$method.request.schema.json").readText()).asJsonObject

/** The method's example request: `examples[0]` of its request schema, as compact JSON text. */
fun exampleRequest(method: String): String = requestSchema(method).getAsJsonArray("examples")[0].toString()

/** False for the methods whose schema says `"x-deterministic": false` (random IDs, the repair registry...). */
fun isDeterministic(method: String): Boolean = requestSchema(method).get("x-deterministic")?.asBoolean ?: true

/** `participants.displayName` -> `participantsDisplayName`. */
fun camelName(method: String): String {
    val (group, member) = method.split('.', limit = 2)
    return group + Character.toUpperCase(member[0]) + member.substring(1)
}

/** The typed function of [method] on TournamentCore, or null. */
fun typedFunction(method: String): Method? =
    TournamentCore::class.java.methods.firstOrNull { it.name == camelName(method) && it.parameterTypes.size == 1 }

/** Calls a typed function reflectively, rethrowing what it threw. */
fun invokeTyped(function: Method, request: Any): Any = try {
    function.invoke(core, request)
} catch (e: InvocationTargetException) {
    throw e.targetException
}

/**
 * participants.repairBegin claims a tournament for the whole process: release the claim after a
 * call, so that the next call (or test) finds it free, as the golden files expect.
 */
fun releaseRepairClaim(method: String, request: ByteArray) {
    if (method != "participants.repairBegin") return
    val id = try {
        json(String(request, Charsets.UTF_8)).asJsonObject.get("tournamentId")?.takeIf { it.isJsonPrimitive && it.asJsonPrimitive.isString }?.asString
    } catch (e: RuntimeException) {
        null
    } ?: return
    try {
        core.participantsRepairEnd(ParticipantsRepairEndRequest(id))
    } catch (e: RuntimeException) {
        // an invalid ID was refused by repairBegin too: nothing to release
    }
}
