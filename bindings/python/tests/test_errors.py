"""Bad input raises the documented exceptions, with messages that say what is allowed; random
input (hypothesis) never gets anything but a FrayError subclass out, never a panic."""

from __future__ import annotations

import copy
import json
from typing import Any, Callable

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import fray

IDS = [r.id for r in fray.rulesets()]
DOCUMENTED = (fray.InvalidInput, fray.RuleError, fray.ReplayMismatch)


def only_documented(call: Callable[[], Any]) -> None:
    """Runs `call`; any exception must be one of the three documented subclasses (a Rust
    panic would surface as a plain FrayError "internal error …", which fails here)."""
    try:
        call()
    except DOCUMENTED as e:
        assert str(e), "an error without a message"
        if isinstance(e, fray.RuleError):
            assert e.rule
    except BaseException as e:  # noqa: BLE001 - the point of the test
        pytest.fail(f"{type(e).__module__}.{type(e).__name__} escaped: {e}")


@pytest.mark.parametrize(
    "call,kind,words",
    [
        (lambda: fray.roll("2d"), fray.InvalidInput, "column"),
        (lambda: fray.roll("1d0"), fray.InvalidInput, "side"),
        (lambda: fray.roll(""), fray.InvalidInput, "expected a dice expression"),
        (lambda: fray.roll("1d6", seed=-1), fray.InvalidInput, "0 .. 2**64 - 1"),
        (lambda: fray.roll("1d6", seed=2**64), fray.InvalidInput, "0 .. 2**64 - 1"),
        (lambda: fray.roll("1d6", seed=1.5), fray.InvalidInput, "integer"),  # type: ignore[arg-type]
        (lambda: fray.roll(12), fray.InvalidInput, "str"),  # type: ignore[arg-type]
        (lambda: fray.Rng(1).roll(0), fray.InvalidInput, "1 .. 2**32 - 1 sides"),
        (lambda: fray.Rng(1).batch(6, -1), fray.InvalidInput, "n must be"),
        (lambda: fray.roll_batch("1d6", 10**12, seed=1), fray.InvalidInput, "at most"),
        (lambda: fray.odds("1000d1000*1000d1000"), fray.InvalidInput, "limit"),
        (lambda: fray.roll_batch("1d6", 3, seed=1, threads=0), fray.InvalidInput, "threads"),
        (lambda: fray.Encounter("chess"), fray.InvalidInput, "this build has"),
        (lambda: fray.Encounter(IDS[0], {"bogus": 1}), fray.InvalidInput, "setup"),
        (lambda: fray.Encounter(IDS[0], {1, 2}), fray.InvalidInput, "JSON data"),
        (lambda: fray.replay({}), fray.InvalidInput, "replay"),
    ],
)
def test_bad_input_says_what_is_allowed(call: Callable[[], Any], kind: type, words: str) -> None:
    with pytest.raises(kind) as caught:
        call()
    assert words in str(caught.value)
    assert isinstance(caught.value, fray.FrayError)


def test_invalid_input_is_also_a_value_error() -> None:
    with pytest.raises(ValueError):
        fray.roll("nonsense")


def test_exceptions_pickle() -> None:
    import pickle

    e = fray.RuleError("AND-48: the combat is over", "AND-48")
    back = pickle.loads(pickle.dumps(e))
    assert back.rule == "AND-48" and str(back) == str(e)
    m = fray.ReplayMismatch("mismatch", 3, "a", "b")
    back_m = pickle.loads(pickle.dumps(m))
    assert (back_m.command, back_m.expected, back_m.actual) == (3, "a", "b")


NOTATION = st.text(alphabet="0123456789dDkhlr!<>=+-*/()% ", max_size=24)
json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**70), 2**70) | st.floats(allow_nan=False)
    | st.text(max_size=12),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=10), inner, max_size=4),
    max_leaves=20,
)

FUZZ = settings(
    max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)


@FUZZ
@given(expression=NOTATION, seed=st.integers(0, 2**64 - 1))
def test_random_notation_only_raises_documented_errors(expression: str, seed: int) -> None:
    only_documented(lambda: fray.roll(expression, seed=seed))
    only_documented(lambda: fray.odds(expression))
    only_documented(lambda: fray.roll_batch(expression, 3, seed=seed, threads=1))


def mutate(value: Any, path: list[Any], new: Any) -> Any:
    """`value` with the item at `path` replaced by `new`."""
    out = copy.deepcopy(value)
    target = out
    for key in path[:-1]:
        target = target[key]
    if path:
        target[path[-1]] = new
        return out
    return new


def paths(value: Any, prefix: list[Any] | None = None) -> list[list[Any]]:
    prefix = prefix or []
    found = [prefix]
    if isinstance(value, dict):
        for k, v in value.items():
            found += paths(v, prefix + [k])
    elif isinstance(value, list):
        for i, v in enumerate(value):
            found += paths(v, prefix + [i])
    return found


@FUZZ
@given(ruleset=st.sampled_from(IDS), data=st.data(), new=json_values)
def test_random_setups_only_raise_documented_errors(ruleset: str, data: st.DataObject, new: Any) -> None:
    setup = fray.demo_setup(ruleset)
    path = data.draw(st.sampled_from(paths(setup)))
    broken = mutate(setup, path, new)

    def play() -> None:
        enc = fray.Encounter(ruleset, broken, seed=1)
        enc.run(max_commands=500)

    only_documented(play)
    only_documented(lambda: fray.simulate(ruleset, broken, trials=3, seed=1, threads=1))


@FUZZ
@given(ruleset=st.sampled_from(IDS), data=st.data(), new=json_values, steps=st.integers(0, 30))
def test_random_commands_only_raise_documented_errors(
    ruleset: str, data: st.DataObject, new: Any, steps: int
) -> None:
    enc = fray.Encounter(ruleset, seed=data.draw(st.integers(0, 2**64 - 1)))
    for _ in range(steps):
        enc.step()
    command = enc.suggest() or {"type": "end_turn"}
    path = data.draw(st.sampled_from(paths(command)))
    broken = mutate(command, path, new)
    before = (json.dumps(enc.state, sort_keys=True), enc.replay_json())
    try:
        enc.apply(broken)
    except DOCUMENTED:
        # a refused command changes nothing
        assert (json.dumps(enc.state, sort_keys=True), enc.replay_json()) == before
    except BaseException as e:  # noqa: BLE001
        pytest.fail(f"{type(e).__name__} escaped: {e}")


@FUZZ
@given(ruleset=st.sampled_from(IDS), spec=st.dictionaries(st.text(max_size=16), json_values, max_size=5))
def test_random_odds_specs_only_raise_documented_errors(ruleset: str, spec: dict[str, Any]) -> None:
    only_documented(lambda: fray.ruleset_odds(ruleset, spec))


@FUZZ
@given(ruleset=st.sampled_from(IDS), data=st.data(), new=json_values)
def test_random_replay_edits_only_raise_documented_errors(
    ruleset: str, data: st.DataObject, new: Any
) -> None:
    enc = fray.Encounter(ruleset, seed=4)
    for _ in range(5):
        enc.step()
    replay = enc.replay()
    path = data.draw(st.sampled_from(paths(replay)))
    only_documented(lambda: fray.replay(mutate(replay, path, new)))
