#!/usr/bin/env python3
"""Generates what the contract declares once: from the method list (schemas/methods.json) and
the JSON Schemas of schemas/, it writes every file and block marked "generated" (see OUTPUTS below and docs/ARCHITECTURE.md,
"Adding a method").

    python3 scripts/generate-contract.py           rewrite the generated files and blocks
    python3 scripts/generate-contract.py --check   regenerate into a temporary tree and fail,
                                                   naming each stale file, when the committed
                                                   ones differ (the test command runs this)
    python3 scripts/generate-contract.py --list    the methods, one per line, in the contract's order

Python 3 and the standard library only.
"""
import argparse
import difflib
import pathlib
import shutil
import sys
import tempfile

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))

import tccontract  # noqa: E402
from tccontract import c, docs, fuzz, golden, javascript, kotlin, python, swift  # noqa: E402

ROOT = tccontract.ROOT


def outputs(contract):
    """(path relative to the root, function of the current text -> generated text)."""
    return [
        ("Sources/TournamentCoreABI/MethodExports.swift", lambda _: c.swift_exports(contract)),
        ("Sources/TournamentCoreWire/Decoding/RequestMembers.swift", lambda _: swift.request_members(contract)),
        ("Sources/TournamentCoreWire/Methods/MethodList.swift", lambda _: swift.method_list(contract)),
        ("Sources/TournamentCoreWire/Decoding/RequestValues.swift", lambda _: swift.request_values(contract)),
        ("include/tournament_core.h", lambda text: c.header(text, contract)),
        ("Fuzz/FuzzMethods.swift", lambda _: fuzz.fuzz_methods(contract)),
        ("Fuzz/tournamentcore.dict", lambda text: fuzz.dictionary(text, contract)),
        ("docs/API.md", lambda text: docs.api_reference(text, contract)),
        ("README.md", lambda text: docs.readme(text, contract)),
        ("Tests/golden/library.info/basic.response.json", lambda text: golden.library_info_response(text, contract)),
        ("bindings/python/tournamentcore/types.py", lambda _: python.types_module(contract)),
        ("bindings/python/tournamentcore/_methods.py", lambda _: python.methods_module(contract)),
        ("bindings/kotlin/src/main/kotlin/tournamentcore/Types.kt", lambda _: kotlin.types_file(contract)),
        ("bindings/kotlin/src/main/kotlin/tournamentcore/TournamentCoreMethods.kt", lambda _: kotlin.methods_file(contract)),
        ("bindings/javascript/types.d.ts", lambda _: javascript.types_declarations(contract)),
        ("bindings/javascript/methods.mjs", lambda _: javascript.methods_module(contract)),
    ]


def generate(target: pathlib.Path, contract) -> None:
    """Writes every output under `target`, reading hand-written parts from the repository."""
    for relative, produce in outputs(contract):
        source = ROOT / relative
        current = source.read_text(encoding="utf-8") if source.exists() else ""
        try:
            text = produce(current)
        except ValueError as error:
            raise tccontract.ContractError("%s: %s" % (relative, error)) from error
        destination = target / relative
        destination.parent.mkdir(parents=True, exist_ok=True)
        if not destination.exists() or destination.read_text(encoding="utf-8") != text:
            destination.write_text(text, encoding="utf-8")


def check(contract) -> int:
    stale = []
    with tempfile.TemporaryDirectory(prefix="tc-contract-") as temporary:
        generated = pathlib.Path(temporary)
        generate(generated, contract)
        for relative, _ in outputs(contract):
            committed = ROOT / relative
            fresh = (generated / relative).read_text(encoding="utf-8")
            current = committed.read_text(encoding="utf-8") if committed.exists() else ""
            if fresh != current:
                stale.append(relative)
                diff = list(difflib.unified_diff(current.splitlines(), fresh.splitlines(),
                                                 "%s (committed)" % relative, "%s (generated)" % relative, lineterm="", n=1))
                print("\n".join(diff[:40] + (["... (%d more diff lines)" % (len(diff) - 40)] if len(diff) > 40 else [])))
    if stale:
        print("\nStale generated files (schemas/ changed since they were generated):", file=sys.stderr)
        for relative in stale:
            print("  " + relative, file=sys.stderr)
        print("Run `python3 scripts/generate-contract.py` and commit the result.", file=sys.stderr)
        return 1
    print("generated files are fresh (%d methods, %d files)" % (len(contract.methods), len(outputs(contract))))
    return 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="fail when a committed generated file is stale")
    parser.add_argument("--list", action="store_true", help="print the methods in the contract's order")
    arguments = parser.parse_args()
    try:
        contract = tccontract.load()
        if arguments.list:
            print("\n".join(method.name for method in contract.methods))
            return 0
        if arguments.check:
            return check(contract)
        generate(ROOT, contract)
    except tccontract.ContractError as error:
        print("generate-contract: %s" % error, file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
