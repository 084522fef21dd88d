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
        ("breaking", "guests.check", "request", "$.limits.maxTotalGuests", "integer upper bound <= 2147483647 -> <= 100")),
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
        ("breaking", "guests.check", "result", "$.guestCount", "integer lower bound >= 0 -> none")),
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
    assert ("addition", "tournaments.filter", "request", "$.limit", "integer lower bound >= 0 -> >= -1") in found
    assert ("addition", "guests.check", "errors", "$.error.code", 'value "RATE_LIMITED" added') in found
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


# ---- cases a review found -----------------------------------------------------------------------

def test_a_new_value_of_a_result_enum_is_an_addition(folders):
    old, new = folders
    edit(new, "defs.schema.json",
         lambda d: definitions(d)["guestCheck"]["properties"]["reason"]["anyOf"][0]["properties"]["code"]["enum"].append("BANNED"))
    assert ("addition", "guests.check", "result", "$.reason.code", 'value "BANNED" added') in changes(old, new)
    assert run(old, new) == 0


def test_an_enum_beside_an_open_type_is_that_types_only(folders):
    # tab: the enum's strings or any integer. Any integer -> only 0 and 1 narrows the integers.
    old, new = folders

    def integers_listed(document):
        tab = document["properties"]["tab"]["anyOf"][0]["anyOf"]
        tab[1] = {"enum": [0, 1]}

    edit(new, "tournaments.filter.request.schema.json", integers_listed)
    assert ("breaking", "tournaments.filter", "request", "$.tab", "only 0, 1 now, not any integer") in changes(old, new)


def test_the_error_envelope_is_compared_as_a_result(folders):
    old, new = folders
    edit(new, "defs.schema.json", lambda d: definitions(d)["errorEnvelope"]["properties"]["error"]["required"].remove("message"))
    assert ("breaking", "library.info", "errors", "$.error.message", "made optional (may be missing)") in changes(old, new)


def test_a_recursive_definition_is_compared_once_per_path(folders):
    old, new = folders

    def add_tree(document):
        tree = {"type": "object", "properties": {"left": {"$ref": "#/$defs/tree"}, "right": {"$ref": "#/$defs/tree"},
                                                 "value": {"type": "integer"}}}
        definitions(document)["tree"] = tree

    def use_tree(document):
        document["properties"]["tree"] = {"$ref": "defs.schema.json#/$defs/tree"}

    for folder in folders:
        edit(folder, "defs.schema.json", add_tree)
        edit(folder, "tournaments.filter.request.schema.json", use_tree)
    edit(new, "defs.schema.json", lambda d: definitions(d)["tree"]["properties"]["value"].__setitem__("minimum", 0))
    assert ("breaking", "tournaments.filter", "request", "$.tree.value", "integer lower bound none -> >= 0") in changes(old, new)


@pytest.mark.parametrize("section, status", [
    ("## [0.2.0](https://example.org/compare/0.1.0...0.2.0) - 2026-11-27\n\n"
     "- **Breaking** `guests.check`: `canAddGuest` may be missing; the same in\n  `guests.add`'s `check`.\n", 0),
    ("## 0.2.0\n\n- **Breaking** `guests.check` and `guests.add`: `canAddGuest` may be missing.\n", 0),
    ("## [0.2.0] - 2026-11-27\n\n- Nothing here is **Breaking** for `guests.check` or `guests.add`.\n", 1),
    ("## [0.2.0] - 2026-11-27\n\n```\n## [0.1.0]\n```\n- **Breaking** `guests.check`, `guests.add`: `canAddGuest`.\n", 0),
])
def test_changelog_items_are_read_whole_under_any_heading_style(folders, tmp_path, section, status):
    old, new = folders
    edit(new, "defs.schema.json", lambda d: definitions(d)["guestCheck"]["required"].remove("canAddGuest"))
    changelog = tmp_path / "CHANGELOG.md"
    changelog.write_text("# Changelog\n\n## [Unreleased]\n\n" + section + "\n## [0.1.0] - 2026-11-24\n", encoding="utf-8")
    assert run(old, new, "--old-version", "0.1.0", "--new-version", "0.2.0", "--changelog", str(changelog)) == status


@pytest.mark.parametrize("options", [
    ["--old-version", "0.1.0"],  # the three go together
    ["--old-version", "v0.1.0", "--new-version", "0.2.0", "--changelog", "CHANGELOG.md"],
])
def test_usage_errors_exit_2(folders, options):
    old, new = folders
    with pytest.raises(SystemExit) as exit:
        run(old, new, *options)
    assert exit.value.code == 2
