"""The decision protocol from Python: options with exact previews, policies as data and as
callables, readable lines in two languages and refusals in the reader's language."""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path
from typing import Any, Callable

import pytest

import fray

ROOT = Path(__file__).resolve().parents[3]


def test_options_are_accepted_and_previews_are_exact() -> None:
    enc = fray.Encounter("age", seed=7)
    options = enc.options()
    assert options.decider["type"] == "participant"
    mine = options.for_decider()
    assert mine and all(o.actor == options.decider["name"] for o in mine)
    attack = next(o for o in mine if o.targets and o.kind == "turn_action")
    tables = attack.preview()
    assert tables, "an attack rolls dice"
    for table in tables:
        assert all(isinstance(p, Fraction) for _, p in table.rows)
    stunts = [p for label, p in tables[0].rows if "stunt" in label]
    assert stunts and sum(stunts) == 1, "the stunt-point rows are a whole distribution"
    before = enc.events
    assert enc.preview(attack.command) == tables, "the same preview from the encounter"
    assert enc.events == before, "a preview applies nothing"
    events = enc.apply(attack.command)
    assert events, "an offered option is accepted"


def test_a_refusal_is_in_the_readers_language_with_the_same_rule() -> None:
    enc = fray.Encounter("age", seed=7)
    with pytest.raises(fray.InvalidInput, match="unknown language"):
        enc.set_language("de")
    enc.set_language("ru")
    with pytest.raises(fray.RuleError) as refused:
        enc.apply({"type": "end_turn", "actor": "nobody at all"})
    assert refused.value.rule, "a refusal names its rule"


def first_attack(options: fray.Options, state: Any) -> fray.LegalOption:
    """Attacks the first target offered, else takes the first option."""
    mine = options.for_decider()
    for option in mine:
        if option.targets and option.kind == "turn_action":
            return option
    return mine[0]


def test_a_callable_policy_is_reproducible_and_plays_its_own_game() -> None:
    a = fray.simulate("age", trials=30, seed=4, policy=first_attack)
    b = fray.simulate("age", trials=30, seed=4, policy=first_attack)
    assert a == b
    default = fray.simulate("age", trials=30, seed=4)
    assert a != default, "a different policy plays different fights"
    assert a.trials == 30


def test_a_callable_that_raises_stops_the_simulation_with_its_exception() -> None:
    def broken(options: fray.Options, state: Any) -> Any:
        raise ZeroDivisionError("the policy divided by zero")

    with pytest.raises(ZeroDivisionError, match="divided by zero"):
        fray.simulate("age", trials=3, policy=broken)


def test_a_policy_as_data_equals_the_cli(cli: Callable[..., Any], tmp_path: Path) -> None:
    policy = {"opponents": {"target": "weakest"}}
    path = tmp_path / "p.json"
    path.write_text(json.dumps(policy))
    ours = fray.simulate("age", trials=500, seed=2, policy=policy, threads=2)
    theirs = cli("simulate", "age", "--trials", "500", "--seed", "2", "--policy", str(path))
    assert [ours.wins[0], ours.wins[1]] == theirs["wins"]
    assert ours != fray.simulate("age", trials=500, seed=2)
    template = fray.default_policy("age")
    assert set(template) == {"party", "opponents"}
    assert fray.simulate("age", trials=200, seed=2, policy=template) == fray.simulate(
        "age", trials=200, seed=2
    ), "the default policy is the default tactic"


def test_every_ruleset_has_a_default_policy() -> None:
    # Issue 17: all five rulesets are on the decision protocol, so each takes a policy.
    assert [r.id for r in fray.rulesets() if _has_policy(r.id)] == [
        r.id for r in fray.rulesets()
    ]


def _has_policy(ruleset: str) -> bool:
    try:
        fray.default_policy(ruleset)
    except fray.InvalidInput:
        return False
    return True


FOLDED_PROMPTS = {"red": {"evasion_asked", "evasion_chosen"}}


def test_lines_and_summary_in_both_languages() -> None:
    for r in fray.rulesets():
        enc = fray.Encounter(r.id, seed=r.demo_seed)
        enc.run()
        en = enc.lines("en")
        # The game master's English text is the log, less the prompts a ruleset folds into
        # the line that resolves them (RED's evasion question and "evades" answer: the
        # attack line shows the evasion roll).
        shown = [fray.line(r.id, e, "en") for e in enc.events]
        assert en == [line for line in shown if line is not None], r.id
        log = enc.log()
        assert [d for d, line in zip(log, shown) if line is not None] == en, r.id
        folded = {e["type"] for e, line in zip(enc.events, shown) if line is None}
        assert folded == FOLDED_PROMPTS.get(r.id, set()), f"{r.id}: folded {folded}"
        ru = enc.lines("ru")
        assert len(ru) == len(en), f"{r.id}: the game master sees every event in Russian too"
        assert isinstance(enc.summary("ru"), list)
        for event in enc.events[:5]:
            assert fray.line(r.id, event, "en") == enc.describe(event)
        with pytest.raises(fray.InvalidInput):
            enc.lines("xx")
