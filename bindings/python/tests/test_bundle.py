"""Result bundles from Python: the same files as `fray simulate/sweep --bundle` and `fray rerun`."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest

import fray


def test_a_python_bundle_reruns_in_the_cli_and_in_python(fray_cli: Path, tmp_path: Path) -> None:
    path = tmp_path / "sim.json"
    summary = fray.save_bundle(path, "hunt", trials=300, seed=5)
    assert summary == fray.simulate("hunt", trials=300, seed=5)
    bundle = json.loads(path.read_text())
    assert (bundle["ruleset"], bundle["seed"], bundle["trials"]) == ("hunt", 5, 300)
    assert bundle["ruleset_version"] == fray._rulesets.info("hunt").version
    assert fray.rerun(path) is True
    done = subprocess.run([str(fray_cli), "rerun", str(path)], capture_output=True, text=True)
    assert done.returncode == 0, done.stdout + done.stderr
    bundle["results"]["wins"][0] += 1
    path.write_text(json.dumps(bundle))
    assert fray.rerun(path) is False
    bundle["ruleset_version"] += 1
    path.write_text(json.dumps(bundle))
    with pytest.raises(fray.InvalidInput, match=r"hunt version \d+; this build has hunt version"):
        fray.rerun(path)


def test_a_cli_sweep_bundle_reruns_in_python(fray_cli: Path, tmp_path: Path) -> None:
    path = tmp_path / "sweep.json"
    subprocess.run(
        [str(fray_cli), "sweep", "hunt", "--vary", "max_rounds=2,4", "--trials", "120",
         "--seed", "3", "--bundle", str(path)],
        check=True,
        capture_output=True,
    )
    assert fray.rerun(path) is True
    bundle = json.loads(path.read_text())
    bundle["seed"] = 4
    path.write_text(json.dumps(bundle))
    assert fray.rerun(path) is False


def test_a_policy_bundle_keeps_the_policy(tmp_path: Path) -> None:
    path = tmp_path / "policy.json"
    policy = json.loads(
        (Path(__file__).resolve().parents[3] / "examples/policies/age-weakest-first.json").read_text()
    )
    fray.save_bundle(path, "age", trials=100, policy=policy)
    assert json.loads(path.read_text())["policy"] == policy
    assert fray.rerun(path) is True
