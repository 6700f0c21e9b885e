"""Result bundles, the same files as ``fray simulate --bundle`` / ``fray sweep --bundle`` and
``fray rerun``: what was run (setup, policy, seed, trials, swept paths, ruleset id and
version) with its results, to share and to re-run to the same numbers."""

from __future__ import annotations

import itertools
import json
import os
from typing import Any

from fray import _fray, _util
from fray._harness import play_blocked
from fray._rulesets import Json, SimSummary, _setup_json, _summary, demo_setup, info
from fray.errors import InvalidInput

FORMAT = "fray-result-bundle"


def save_bundle(
    path: str | os.PathLike[str],
    ruleset: str,
    setup: Json | None = None,
    *,
    trials: int = 10_000,
    seed: int = 1,
    policy: Json | None = None,
) -> SimSummary:
    """Simulates like :func:`fray.simulate` (``policy`` as JSON data only) and writes a
    bundle of the run and its summary that ``fray rerun`` and :func:`rerun` check. Returns
    the summary."""
    entry = info(ruleset)
    setup_value = demo_setup(entry.id) if setup is None else json.loads(_setup_json(setup) or "")
    args = (_util.count(trials, "trials"), _util.u64(seed, "seed"), _util.threads(None))
    if policy is None:
        raw = _fray.simulate(entry.id, json.dumps(setup_value), *args)
    else:
        raw = _fray.simulate_policy(
            entry.id, json.dumps(setup_value), _util.to_json(policy, "policy"), *args
        )
    results = _util.from_json(raw)
    bundle = {
        "format": FORMAT,
        "command": "simulate",
        "ruleset": entry.id,
        "ruleset_version": entry.version,
        "fray_version": _fray.__version__,
        "seed": int(seed),
        "trials": int(trials),
        "setup": setup_value,
        "policy": policy,
        "vary": None,
        "results": results,
    }
    with open(path, "w", encoding="utf-8") as f:
        json.dump(bundle, f, indent=2)
        f.write("\n")
    return _summary(entry, results)


def rerun(path: str | os.PathLike[str]) -> bool:
    """Runs a bundle again: ``True`` when every summary comes out as kept, ``False`` when
    not. Raises :class:`fray.InvalidInput` for a bundle of another ruleset version (naming
    both) or a malformed one."""
    bundle: Any = _util.from_json(_util.read_path(path, "bundle"))
    if not isinstance(bundle, dict) or bundle.get("format") != FORMAT:
        raise InvalidInput(f'not a result bundle (no "format": "{FORMAT}")')
    try:
        entry = info(bundle["ruleset"])
        version, seed, trials = bundle["ruleset_version"], bundle["seed"], bundle["trials"]
        setup, results, command = bundle["setup"], bundle["results"], bundle["command"]
    except KeyError as e:
        raise InvalidInput(f"the bundle has no {e.args[0]!r}") from None
    if version != entry.version:
        raise InvalidInput(
            f"the bundle is of {entry.id} version {version}; this build has {entry.id} "
            f"version {entry.version}: its numbers may differ by design"
        )
    if command == "simulate":
        args = (_util.count(trials, "trials"), _util.u64(seed, "seed"), _util.threads(None))
        policy = bundle.get("policy")
        if policy is None:
            raw = _fray.simulate(entry.id, json.dumps(setup), *args)
        else:
            raw = _fray.simulate_policy(entry.id, json.dumps(setup), json.dumps(policy), *args)
        return bool(_util.from_json(raw) == results)
    if command == "sweep":
        from fray._sweep import _set

        vary = bundle["vary"]
        setups = []
        for combo in itertools.product(*(v["values"] for v in vary)):
            point = json.loads(json.dumps(setup))
            for v, value in zip(vary, combo):
                _set(point, v["path"], value)
            setups.append(point)
        runs = play_blocked(entry.id, setups, trials=trials, seed=seed, threads=None)
        kept = [_summary(entry, row["summary"]) for row in results]
        return [run.summary for run in runs] == kept
    raise InvalidInput('the bundle\'s "command" is neither simulate nor sweep')
