// The binding against the contract: one typed function per method, the golden files through
// `call`, and every method's example request through its typed function.
package tournamentcore.test

import org.junit.jupiter.api.Assertions.assertArrayEquals
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertNotNull
import org.junit.jupiter.api.Assertions.assertThrows
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.DynamicTest
import org.junit.jupiter.api.DynamicTest.dynamicTest
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.TestFactory
import tournamentcore.TournamentCore
import tournamentcore.TournamentCoreException
import tournamentcore.TournamentCoreJson
import tournamentcore.TournamentCoreMethods
import java.lang.reflect.Modifier

class ContractTest {
    @Test
    fun `every method of library_info has a typed function named in camelCase over its Request and Result classes`() {
        assertTrue(methods.isNotEmpty())
        for (method in methods) {
            val function = typedFunction(method)
            assertNotNull(function, "TournamentCore has no ${camelName(method)}(request) for $method")
            function!!
            val stem = Character.toUpperCase(camelName(method)[0]) + camelName(method).substring(1)
            assertEquals("tournamentcore.${stem}Request", function.parameterTypes[0].name, "$method's request type")
            assertEquals("tournamentcore", function.returnType.`package`.name, "$method's result type")
        }
    }

    @Test
    fun `TournamentCore has no typed function beyond the methods of library_info`() {
        val functions = TournamentCoreMethods::class.java.declaredMethods
            .filter { Modifier.isPublic(it.modifiers) && !it.isSynthetic && it.name != "call" && !it.name.contains('$') }
            .map { it.name }.toSet()
        assertEquals(methods.map { camelName(it) }.toSet(), functions)
    }

    @TestFactory
    fun `every golden request gives the golden response, byte for byte, through callBytes and call`(): List<DynamicTest> =
        goldenCases.map { case ->
            dynamicTest(case.toString()) {
                val envelope = core.callBytes(case.method, case.request)
                releaseRepairClaim(case.method, case.request)
                assertArrayEquals(case.response, envelope, "${case}: ${String(envelope, Charsets.UTF_8)}")

                val request = String(case.request, Charsets.UTF_8)
                if (case.isSuccess) {
                    assertEquals(case.resultText, core.call(case.method, request))
                } else {
                    val error = assertThrows(TournamentCoreException::class.java) { core.call(case.method, request) }
                    val expected = case.error
                    assertEquals(expected.get("code").asString, error.code)
                    assertEquals(expected.get("message").asString, error.message)
                    assertEquals(expected.get("path")?.asString, error.path)
                }
                releaseRepairClaim(case.method, case.request)
            }
        }

    @TestFactory
    fun `every golden result decodes into its typed result class and encodes back to the same JSON`(): List<DynamicTest> =
        goldenCases.filter { it.isSuccess }.map { case ->
            dynamicTest(case.toString()) {
                val type = typedFunction(case.method)!!.returnType
                val typed = TournamentCoreJson.fromJson(case.resultText, type)
                assertEquals(json(case.resultText), json(TournamentCoreJson.toJson(typed)))
                assertEquals(typed, TournamentCoreJson.fromJson(TournamentCoreJson.toJson(typed), type))
            }
        }

    @TestFactory
    fun `every method's example request round-trips through its typed function`(): List<DynamicTest> =
        methods.map { method ->
            dynamicTest(method) {
                val function = typedFunction(method)!!
                val example = exampleRequest(method)
                val resultText = core.call(method, example)
                releaseRepairClaim(method, example.toByteArray())

                // The result text decodes into the typed result and encodes back to the same JSON.
                val decoded = TournamentCoreJson.fromJson(resultText, function.returnType)
                assertEquals(json(resultText), json(TournamentCoreJson.toJson(decoded)), "$method: result re-encoded")

                // The example decodes into the typed request; the typed function answers it.
                val request = TournamentCoreJson.fromJson(example, function.parameterTypes[0])
                val typed = invokeTyped(function, request)
                releaseRepairClaim(method, example.toByteArray())
                assertTrue(function.returnType.isInstance(typed))
                if (isDeterministic(method)) {
                    assertEquals(decoded, typed, "$method: typed result")
                    // The typed request, encoded, asks the same question as the example.
                    assertEquals(resultText, core.call(method, TournamentCoreJson.toJson(request)), "$method: request re-encoded")
                    releaseRepairClaim(method, example.toByteArray())
                }
            }
        }

    @Test
    fun `call returns the result member's text exactly as the library wrote it`() {
        val envelope = String(core.callBytes("library.info", "{}".toByteArray()), Charsets.UTF_8)
        assertEquals("$OK_PREFIX${core.call("library.info", "{}")}}", envelope)
    }

    @Test
    fun `version is the library's MAJOR_MINOR_PATCH and library_info agrees`() {
        assertTrue(core.version.matches(Regex("[0-9]+\\.[0-9]+\\.[0-9]+")), core.version)
        assertEquals(core.version, core.libraryInfo().version)
    }

    @Test
    fun `the jar's manifest carries the library's version as Implementation-Version`() {
        assertEquals(core.version, TournamentCore::class.java.`package`.implementationVersion)
    }

    @Test
    fun `the library can be given by path or file and answers the same`() {
        val file = core.libraryFile!!
        assertEquals(core.version, TournamentCore(file.path).version)
        assertEquals(core.call("library.info", "{}"), TournamentCore(file).call("library.info", "{}"))
    }

    @Test
    fun `the no-argument constructor honours the tournamentcore_library property`() {
        val saved = System.getProperty(TournamentCore.LIBRARY_PROPERTY)
        try {
            System.setProperty(TournamentCore.LIBRARY_PROPERTY, core.libraryFile!!.path)
            assertEquals(core.version, TournamentCore().version)
            System.setProperty(TournamentCore.LIBRARY_PROPERTY, "/nonexistent/libtournamentcore.so")
            assertThrows(UnsatisfiedLinkError::class.java) { TournamentCore() }
        } finally {
            if (saved == null) System.clearProperty(TournamentCore.LIBRARY_PROPERTY) else System.setProperty(TournamentCore.LIBRARY_PROPERTY, saved)
        }
    }

    @Test
    fun `a missing library is an UnsatisfiedLinkError that names it and says how to find it`() {
        val error = assertThrows(UnsatisfiedLinkError::class.java) { TournamentCore("/nonexistent/libtournamentcore.so") }
        assertTrue(error.message!!.contains("/nonexistent/libtournamentcore.so"), error.message)
        assertTrue(error.message!!.contains("jna.library.path"), error.message)
    }

    @Test
    fun `a library without the tc_ functions is refused when loaded`() {
        // libm, not "c": JNA opens "c" as the whole process, where a TournamentCore library that a
        // test loaded earlier is found.
        val error = assertThrows(UnsatisfiedLinkError::class.java) { TournamentCore("m") }
        assertTrue(error.message!!.contains("tc_call_n"), error.message)
    }
}
