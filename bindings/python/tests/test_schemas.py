"""The committed JSON Schemas (`schemas/`, issue 19) validate every example setup and every
golden replay's setup and commands, with a real JSON Schema validator (`jsonschema`, Draft
2020-12, the dialect `schemars` writes). Pure Python: it reads files, not the extension."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import jsonschema
import pytest

ROOT = Path(__file__).resolve().parents[3]
SCHEMAS = ROOT / "schemas"
RULESETS = ["andromeda", "red", "age", "better-world", "hunt"]


def schema(ruleset: str, kind: str) -> Any:
    return json.loads((SCHEMAS / f"{ruleset}.{kind}.json").read_text())


def validator(ruleset: str, kind: str) -> jsonschema.Draft202012Validator:
    s = schema(ruleset, kind)
    jsonschema.Draft202012Validator.check_schema(s)
    return jsonschema.Draft202012Validator(s)


def example_setups() -> list[tuple[str, Path]]:
    return [
        (r, p) for r in RULESETS for p in sorted((ROOT / "examples/setups" / r).glob("*.json"))
    ]


def golden_replays() -> list[tuple[str, Path]]:
    return [(r, p) for r in RULESETS for p in sorted((ROOT / "examples/replays" / r).glob("*.json"))]


@pytest.mark.parametrize("ruleset,path", example_setups(), ids=lambda v: str(v))
def test_every_example_setup_follows_its_schema(ruleset: str, path: Path) -> None:
    setup = json.loads(path.read_text())
    errors = [e.message for e in validator(ruleset, "setup").iter_errors(setup)]
    assert errors == [], f"{path}: {errors}"


@pytest.mark.parametrize("ruleset,path", golden_replays(), ids=lambda v: str(v))
def test_every_golden_replay_follows_the_schemas(ruleset: str, path: Path) -> None:
    replay = json.loads(path.read_text())
    errors = [e.message for e in validator(ruleset, "setup").iter_errors(replay["setup"])]
    assert errors == [], f"{path} setup: {errors}"
    commands = validator(ruleset, "command")
    for i, step in enumerate(replay["commands"]):
        command = step["command"] if isinstance(step, dict) and "command" in step else step
        errors = [e.message for e in commands.iter_errors(command)]
        assert errors == [], f"{path} commands[{i}]: {errors}"


def test_the_example_lists_are_not_empty() -> None:
    assert len(example_setups()) >= 15
    assert len(golden_replays()) >= 10


@pytest.mark.parametrize("ruleset", RULESETS)
def test_the_schemas_refuse_an_unknown_top_level_key_and_a_wrong_type(ruleset: str) -> None:
    v = validator(ruleset, "setup")
    _, first = next(e for e in example_setups() if e[0] == ruleset)
    setup = json.loads(first.read_text())
    assert v.is_valid(setup)
    assert not v.is_valid({**setup, "colour": "red"})
    key = next(k for k, val in setup.items() if isinstance(val, list))
    assert not v.is_valid({**setup, key: "not a list"})


def test_the_age_policy_schema_takes_the_default_policy() -> None:
    v = validator("age", "policy")
    assert v.is_valid({})
    assert not v.is_valid({"colour": 1})


def test_hunt_ranges_are_in_the_schema() -> None:
    # HUNT-02: test_dice is allowed 1..=10 at setup; the schema says the same.
    rules = json.dumps(schema("hunt", "setup"))
    assert '"minimum": 1' in rules and '"maximum": 10' in rules
