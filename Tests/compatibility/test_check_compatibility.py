"""scripts/check-compatibility.py on altered copies of schemas/: each kind of change, breaking or
not, is reported with its method and field, and the exit status follows the version policy."""
import importlib.util
import json
import shutil
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SPEC = importlib.util.spec_from_file_location("check_compatibility", ROOT / "scripts" / "check-compatibility.py")
checker = importlib.util.module_from_spec(SPEC)
SPEC.loader.exec_module(checker)


@pytest.fixture()
def folders(tmp_path):
    old, new = tmp_path / "old", tmp_path / "new"
    shutil.copytree(ROOT / "schemas", old)
    shutil.copytree(ROOT / "schemas", new)
    return old, new


def edit(folder, name, change):
    """Applies `change` to the JSON of schemas file `name` in `folder`."""
    path = folder / name
    document = json.loads(path.read_text(encoding="utf-8"))
    change(document)
    path.write_text(json.dumps(document, indent=2), encoding="utf-8")


def definitions(document):
    return document["$defs"]


def changes(old, new):
    return [(kind, method, side, path, what) for kind, method, side, path, what in checker.check(old, new).changes]


def run(old, new, *options):
    return checker.main([str(old), str(new), *options])


def test_identical_contracts_have_no_change(folders):
    old, new = folders
    assert changes(old, new) == []
    assert run(old, new) == 0


# ---- breaking changes, one kind each: reported with method and field, exit status 1 ----------

BREAKING = {
    "a request field that became required": (
        "tournaments.filter.request.schema.json", lambda d: d["required"].append("query"),
        ("breaking", "tournaments.filter", "request", "$.query", "became required")),
    "a new required request field": (
        "tournaments.filter.request.schema.json",
        lambda d: (d["properties"].__setitem__("season", {"type": "string"}), d["required"].append("season")),
        ("breaking", "tournaments.filter", "request", "$.season", "new required field")),
    "a request field removed": (
        "tournaments.filter.request.schema.json", lambda d: d["properties"].pop("publicOnly"),
        ("breaking", "tournaments.filter", "request", "$.publicOnly", "field removed")),
    "a request field no longer nullable": (
        "tournaments.filter.request.schema.json", lambda d: d["properties"].__setitem__("publicOnly", {"type": "boolean"}),
        ("breaking", "tournaments.filter", "request", "$.publicOnly", "no longer accepts null")),
    "a request type narrowed (the tab's integer index dropped)": (
        "tournaments.filter.request.schema.json",
        lambda d: d["properties"]["tab"]["anyOf"][0]["anyOf"].pop(1),
        ("breaking", "tournaments.filter", "request", "$.tab", "no longer accepts an integer")),
    "a request enum value removed": (
        "tournaments.filter.request.schema.json",
        lambda d: d["properties"]["tab"]["anyOf"][0]["anyOf"][0]["enum"].remove("all"),
        ("breaking", "tournaments.filter", "request", "$.tab", 'value "all" removed')),
    "a request range narrowed (in a shared definition)": (
        "defs.schema.json", lambda d: definitions(d)["count32"].__setitem__("maximum", 100),
        ("breaking", "guests.check", "request", "$.limits.maxTotalGuests", "maximum 2147483647 -> 100")),
    "a result field removed": (
        "defs.schema.json",
        lambda d: (definitions(d)["guestCheck"]["properties"].pop("remainingTotal"), definitions(d)["guestCheck"]["required"].remove("remainingTotal")),
        ("breaking", "guests.check", "result", "$.remainingTotal", "field removed")),
    "a result field made optional": (
        "defs.schema.json", lambda d: definitions(d)["guestCheck"]["required"].remove("canAddGuest"),
        ("breaking", "guests.check", "result", "$.canAddGuest", "made optional (may be missing)")),
    "a result field that may now be null": (
        "defs.schema.json",
        lambda d: definitions(d)["guestCheck"]["properties"].__setitem__(
            "canAddGuest", {"anyOf": [definitions(d)["guestCheck"]["properties"]["canAddGuest"], {"type": "null"}]}),
        ("breaking", "guests.check", "result", "$.canAddGuest", "may now be null (made optional)")),
    "a result type changed": (
        "defs.schema.json", lambda d: definitions(d)["guestCheck"]["properties"].__setitem__("canAddGuest", {"type": "string"}),
        ("breaking", "guests.check", "result", "$.canAddGuest", "may now give a string")),
    "a result range widened": (
        "defs.schema.json", lambda d: definitions(d)["count"].pop("minimum"),
        ("breaking", "guests.check", "result", "$.guestCount", "minimum 0 -> none")),
}


@pytest.mark.parametrize("name", sorted(BREAKING))
def test_each_breaking_change_is_reported_with_its_method_and_field(folders, name, capsys):
    old, new = folders
    file, change, expected = BREAKING[name]
    edit(new, file, change)
    assert expected in changes(old, new)
    assert run(old, new) == 1
    assert f"check-compatibility: {expected[1]}: a breaking change" in capsys.readouterr().err


def test_a_renamed_result_field_is_a_removal_and_an_addition(folders):
    old, new = folders

    def rename(document):
        check = definitions(document)["guestCheck"]
        check["properties"]["guestTotal"] = check["properties"].pop("totalGuestCount")
        check["required"] = ["guestTotal" if field == "totalGuestCount" else field for field in check["required"]]

    edit(new, "defs.schema.json", rename)
    found = changes(old, new)
    assert ("breaking", "guests.check", "result", "$.totalGuestCount", "field removed") in found
    assert ("addition", "guests.check", "result", "$.guestTotal", "new field") in found


def test_a_removed_method_is_breaking(folders):
    old, new = folders
    (new / "guests.add.request.schema.json").unlink()
    (new / "guests.add.response.schema.json").unlink()
    assert ("breaking", "guests.add", "method", "", "method removed") in changes(old, new)
    assert run(old, new) == 1


# ---- additions: reported, exit status 0 --------------------------------------------------------

def test_additions_keep_hosts_working(folders):
    old, new = folders
    edit(new, "tournaments.filter.request.schema.json", lambda d: d["properties"].__setitem__("season", {"type": "string"}))
    edit(new, "defs.schema.json", lambda d: definitions(d)["guestCheck"]["properties"].__setitem__("note", {"type": "string"}))
    edit(new, "tournaments.filter.request.schema.json", lambda d: d["properties"].__setitem__(
        "limit", {"anyOf": [{"type": "integer", "minimum": -1, "maximum": 2**63 - 1}, {"type": "null"}]}))  # accepts more
    edit(new, "guests.check.response.schema.json",
         lambda d: d["oneOf"][1]["properties"]["error"]["properties"]["code"]["enum"].append("RATE_LIMITED"))
    shutil.copy(new / "guests.add.request.schema.json", new / "guests.copy.request.schema.json")
    shutil.copy(new / "guests.add.response.schema.json", new / "guests.copy.response.schema.json")
    found = changes(old, new)
    assert ("addition", "tournaments.filter", "request", "$.season", "new optional field") in found
    assert ("addition", "guests.check", "result", "$.note", "new field") in found
    assert ("addition", "tournaments.filter", "request", "$.limit", "minimum 0 -> -1") in found
    assert ("addition", "guests.check", "errors", "", "new error code RATE_LIMITED") in found
    assert ("addition", "guests.copy", "method", "", "new method") in found
    assert all(kind == "addition" for kind, *_ in found)
    assert run(old, new) == 0


# ---- the version policy ------------------------------------------------------------------------

CHANGELOG = """# Changelog

## [Unreleased]

## [{version}] - 2026-11-27

### Changed
- {line}

## [0.1.0] - 2026-11-24
"""


@pytest.mark.parametrize("old_version, new_version, line, status", [
    ("0.1.0", "0.2.0", "**Breaking** `guests.check`, `guests.add` (its `check`): `canAddGuest` may be missing.", 0),
    ("0.1.0", "0.1.1", "**Breaking** `guests.check`, `guests.add` (its `check`): `canAddGuest` may be missing.", 1),  # a patch may not break
    ("0.1.0", "0.2.0", "`guests.check`: `canAddGuest` may be missing.", 1),  # not marked Breaking
    ("0.1.0", "0.2.0", "**Breaking** `guests.check`: `canAddGuest` may be missing.", 1),  # not guests.add, which shares it
    ("1.2.0", "1.3.0", "**Breaking** `guests.check`, `guests.add` (its `check`): `canAddGuest` may be missing.", 1),  # from 1.0, only a major
    ("1.2.0", "2.0.0", "**Breaking** `guests.check`, `guests.add` (its `check`): `canAddGuest` may be missing.", 0),
])
def test_a_breaking_change_passes_only_when_the_version_and_changelog_announce_it(folders, tmp_path, old_version, new_version, line, status):
    old, new = folders
    edit(new, "defs.schema.json", lambda d: definitions(d)["guestCheck"]["required"].remove("canAddGuest"))
    changelog = tmp_path / "CHANGELOG.md"
    changelog.write_text(CHANGELOG.format(version=new_version, line=line), encoding="utf-8")
    assert run(old, new, "--old-version", old_version, "--new-version", new_version, "--changelog", str(changelog)) == status


def test_a_changelog_without_the_new_version_does_not_announce_it(folders, tmp_path):
    old, new = folders
    edit(new, "defs.schema.json", lambda d: definitions(d)["guestCheck"]["required"].remove("canAddGuest"))
    changelog = tmp_path / "CHANGELOG.md"
    changelog.write_text(CHANGELOG.format(version="0.3.0", line="**Breaking** `guests.check`"), encoding="utf-8")
    assert run(old, new, "--old-version", "0.1.0", "--new-version", "0.2.0", "--changelog", str(changelog)) == 1
