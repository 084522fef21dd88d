"""The package's types as mypy --strict sees them: a typed program and the example are accepted;
a misspelled result key and a wrong value type are rejected. Runs where mypy is installed (the
test command installs it with the wheel)."""
import os
import pathlib
import subprocess
import sys

import pytest

HERE = pathlib.Path(__file__).resolve().parent
pytest.importorskip("mypy")


def mypy(*paths: pathlib.Path) -> "subprocess.CompletedProcess[str]":
    return subprocess.run([sys.executable, "-m", "mypy", "--strict", "--no-incremental", *map(str, paths)],
                          capture_output=True, text=True, check=False)


def test_mypy_strict_accepts_a_typed_program_and_the_tests() -> None:
    files = [HERE / "typing" / "filter_tabs.py", HERE / "test_binding.py", HERE / "test_contract.py", HERE / "test_json_libraries.py",
             HERE / "conftest.py"]
    root = pathlib.Path(os.environ.get("TOURNAMENTCORE_ROOT") or HERE.parents[2])
    example = root / "Examples" / "python" / "example.py"
    if example.exists():
        files.append(example)
    run = mypy(*files)
    assert run.returncode == 0, run.stdout + run.stderr


def test_mypy_strict_rejects_a_misspelled_result_key() -> None:
    run = mypy(HERE / "typing" / "misspelled_result_key.py")
    assert run.returncode == 1 and 'has no key "lables"' in run.stdout, run.stdout


def test_mypy_strict_rejects_a_wrong_value_type() -> None:
    run = mypy(HERE / "typing" / "wrong_value_type.py")
    assert run.returncode == 1 and '"publicOnly"' in run.stdout and "incompatible type" in run.stdout.lower(), run.stdout
