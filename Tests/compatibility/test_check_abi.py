"""scripts/check-abi.py on the built library (TC_LIBRARY) against altered copies of a baseline made
from that same library: a removed, renamed or re-versioned function and a changed prototype fail;
an added function, a renamed parameter and a new SONAME do not."""
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "scripts" / "check-abi.py"
HEADER = ROOT / "include" / "tournament_core.h"
LIBRARY = os.environ.get("TC_LIBRARY")

pytestmark = pytest.mark.skipif(not LIBRARY or not shutil.which("abidw"),
                                reason="needs TC_LIBRARY (a built libtournamentcore.so) and abidw (abigail-tools)")


@pytest.fixture(scope="module")
def corpus():
    """abidw of the built library: the baseline's, unaltered."""
    return subprocess.run(["abidw", "--no-show-locs", "--no-corpus-path", LIBRARY], capture_output=True, text=True, check=True).stdout


@pytest.fixture()
def baseline(tmp_path, corpus):
    """A baseline folder of today's library and header, to alter."""
    folder = tmp_path / "baseline"
    folder.mkdir()
    (folder / "libtournamentcore.abi").write_text(corpus, encoding="utf-8")
    shutil.copy(HEADER, folder / "tournament_core.h")
    return folder


def alter(path, old, new, count=1):
    text = path.read_text(encoding="utf-8")
    assert text.count(old) >= 1, f"{old!r} not in {path}"
    path.write_text(text.replace(old, new, count), encoding="utf-8")


def check(folder, header=HEADER):
    result = subprocess.run([sys.executable, str(SCRIPT), str(folder), LIBRARY, str(header)], capture_output=True, text=True)
    return result.returncode, result.stdout + result.stderr


def test_the_library_is_compatible_with_a_baseline_of_itself(baseline):
    status, output = check(baseline)
    assert status == 0, output
    assert "keeps the" in output


@pytest.mark.parametrize("file, text, release, message", [
    # The release exported a function this library does not: as if it had been removed.
    ("libtournamentcore.abi", "<elf-symbol name='tc_version'",
     "<elf-symbol name='tc_removed_function' version='TOURNAMENTCORE_0' is-default-version='yes' type='func-type'"
     " binding='global-binding' visibility='default-visibility' is-defined='yes'/>\n    <elf-symbol name='tc_version'",
     "tc_removed_function@TOURNAMENTCORE_0: exported by the release"),
    # ...under another symbol version: a host linked against it finds no tc_call@TOURNAMENTCORE_OLD.
    ("libtournamentcore.abi", "<elf-symbol name='tc_call' version='TOURNAMENTCORE_0'",
     "<elf-symbol name='tc_call' version='TOURNAMENTCORE_OLD'", "tc_call@TOURNAMENTCORE_OLD: exported by the release"),
    # The release's header declared a function today's does not.
    ("tournament_core.h", "TC_API const char *tc_version(void);",
     "TC_API const char *tc_version(void);\nTC_API int tc_removed_function(const char *name);",
     "tc_removed_function: declared by the release's header"),
])
def test_a_function_of_the_release_that_is_gone_fails_and_is_named(baseline, file, text, release, message):
    alter(baseline / file, text, release)
    status, output = check(baseline)
    assert status == 1, output
    assert message in output


@pytest.mark.parametrize("release, today", [
    ("size_t *response_len);", "int *response_len);"),            # a parameter's type
    ("TC_API char *tc_call(const char *method", "TC_API const char *tc_call(const char *method"),  # the result's
    ("size_t request_len, size_t *response_len);", "size_t request_len);"),  # a parameter fewer
])
def test_a_changed_prototype_fails_and_names_the_function(baseline, tmp_path, release, today):
    header = tmp_path / "tournament_core.h"
    shutil.copy(HEADER, header)
    alter(header, release, today)
    status, output = check(baseline, header)
    assert status == 1, output
    assert re.search(r"check-abi: tc_call(_n)?: its prototype changed", output), output


def test_a_renamed_parameter_is_not_a_change(baseline, tmp_path):
    header = tmp_path / "tournament_core.h"
    shutil.copy(HEADER, header)
    alter(header, "size_t *response_len);", "size_t *length);")
    status, output = check(baseline, header)
    assert status == 0, output


def test_a_function_added_since_the_release_is_an_addition(baseline):
    abi = baseline / "libtournamentcore.abi"
    abi.write_text("".join(line for line in abi.read_text(encoding="utf-8").splitlines(keepends=True)
                           if "'tc_participants_scorable'" not in line), encoding="utf-8")
    header = baseline / "tournament_core.h"
    header.write_text(re.sub(r"^TC_API char \*tc_participants_scorable\(.*\n", "", header.read_text(encoding="utf-8"), flags=re.M),
                      encoding="utf-8")
    status, output = check(baseline)
    assert status == 0, output
    assert "added functions: tc_participants_scorable" in output


def test_a_new_soname_may_change_the_abi(baseline):
    abi = baseline / "libtournamentcore.abi"
    old_soname = re.search(r"soname='([^']+)'", abi.read_text(encoding="utf-8")).group(1)
    alter(abi, f"soname='{old_soname}'", "soname='libtournamentcore.so.9'")
    alter(abi, "<elf-symbol name='tc_version'", "<elf-symbol name='tc_gone'")
    status, output = check(baseline)
    assert status == 0, output
    assert "the SONAME changed" in output


def test_a_missing_baseline_is_a_usage_error(tmp_path):
    status, output = check(tmp_path / "nothing")
    assert status == 2, output
