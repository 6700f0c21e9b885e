"""`fray.check`: the lint of a setup as objects, the same findings as `fray check` prints."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path
from typing import Any

import pytest

import fray

ROOT = Path(__file__).resolve().parents[3]
RULESETS = ("andromeda", "red", "age", "better-world", "hunt")


def hunt_duel(threshold: int) -> Any:
    setup = json.loads((ROOT / "examples/setups/hunt/duel.json").read_text())
    for weapon in setup["fighters"][0]["weapons"]:
        weapon["threshold"] = threshold
        weapon.pop("thresholds", None)
    return setup


@pytest.mark.parametrize("ruleset", RULESETS)
def test_every_example_setup_is_clean(ruleset: str) -> None:
    for path in sorted((ROOT / "examples/setups" / ruleset).glob("*.json")):
        assert fray.check(ruleset, path.read_text()) == [], path.name


def test_a_type_error_is_one_error_naming_the_field() -> None:
    setup = hunt_duel(4)
    setup["fighters"][1]["stats"]["endurance"] = -1
    (found,) = fray.check("hunt", setup)
    assert found.severity == "error"
    assert found.path is None
    assert "fighters[1].stats.endurance" in found.message


def test_a_threshold_of_7_is_a_warning_with_its_path() -> None:
    # HUNT-11: a Damage die is a d6, so a threshold of 7 never damages.
    found = fray.check("hunt", hunt_duel(7))
    assert found, "no finding"
    assert all(f.severity == "warning" for f in found)
    assert found[0].path == "fighters[0].weapons[0].threshold"
    assert "never damage" in found[0].message


def test_an_unknown_ruleset_raises() -> None:
    with pytest.raises(fray.InvalidInput, match="chess"):
        fray.check("chess", None)


def test_findings_print_as_the_cli_prints_them(fray_cli: Path, tmp_path: Path) -> None:
    file = tmp_path / "setup.json"
    file.write_text(json.dumps(hunt_duel(7)))
    done = subprocess.run(
        [str(fray_cli), "check", "hunt", str(file)], capture_output=True, text=True, check=False
    )
    assert done.returncode == 1, done.stderr
    assert done.stdout.splitlines() == [str(f) for f in fray.check("hunt", file.read_text())]


def test_findings_in_russian_match_the_cli_and_change_no_number(
    fray_cli: Path, tmp_path: Path
) -> None:
    # One round only: the short simulation sees fights stopped at the round limit.
    setup = hunt_duel(4)
    setup["max_rounds"] = 1
    file = tmp_path / "setup.json"
    file.write_text(json.dumps(setup))
    english = fray.check("hunt", setup)
    russian = fray.check("hunt", setup, lang="ru")
    assert [f.severity for f in russian] == [f.severity for f in english]
    assert [f.path for f in russian] == [f.path for f in english]
    assert any("на пределе раундов остановлено" in f.message for f in russian), russian
    assert any("stopped at the round limit" in f.message for f in english), english
    done = subprocess.run(
        [str(fray_cli), "--lang", "ru", "check", "hunt", str(file)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert any(f.message in line for f in russian for line in done.stdout.splitlines())
    with pytest.raises(fray.InvalidInput, match="de"):
        fray.check("hunt", setup, lang="de")
