"""The golden replay files (examples/replays, made by the root tests/replays.rs) through
``fray.replay``: every file listed in DIGESTS verifies with the listed events digest and
counts, from a path, from JSON text and from parsed data; every file listed in TAMPERED raises
``fray.ReplayMismatch`` whose ``command`` and message name the listed command."""

from __future__ import annotations

import json
from pathlib import Path
from typing import NamedTuple

import pytest

import fray

REPLAYS = Path(__file__).resolve().parents[3] / "examples" / "replays"


class Golden(NamedTuple):
    """A DIGESTS line: ``PATH DIGEST accepted=N refused=N``."""

    path: str
    digest: str
    accepted: int
    refused: int


def goldens() -> list[Golden]:
    out = []
    for line in (REPLAYS / "DIGESTS").read_text(encoding="utf-8").splitlines():
        path, digest, accepted, refused = line.split(" ")
        out.append(
            Golden(
                path,
                digest,
                int(accepted.removeprefix("accepted=")),
                int(refused.removeprefix("refused=")),
            )
        )
    return out


def tampered() -> list[tuple[str, int | None]]:
    """TAMPERED lines: the path and the index of the first differing command (None: start)."""
    out: list[tuple[str, int | None]] = []
    for line in (REPLAYS / "TAMPERED").read_text(encoding="utf-8").splitlines():
        path, at = line.split(" ")
        out.append((path, None if at == "start" else int(at)))
    return out


def test_the_manifests_cover_every_ruleset() -> None:
    ids = {g.path.split("/")[0] for g in goldens()}
    assert ids == {r.id for r in fray.rulesets()}
    assert any(g.refused > 0 for g in goldens())
    assert tampered()


@pytest.mark.parametrize("golden", goldens(), ids=lambda g: str(g.path))
def test_a_golden_replay_reports_its_manifest_digest(golden: Golden) -> None:
    path = REPLAYS / golden.path
    report = fray.replay(path)
    assert report.ruleset == golden.path.split("/")[0]
    assert (report.events_digest, report.accepted, report.rejected) == (
        golden.digest,
        golden.accepted,
        golden.refused,
    )
    text = path.read_text(encoding="utf-8")
    assert fray.replay(text) == report
    assert fray.replay(json.loads(text)) == report


@pytest.mark.parametrize("path,command", tampered(), ids=[p for p, _ in tampered()])
def test_a_tampered_replay_is_a_mismatch_naming_the_command(
    path: str, command: int | None
) -> None:
    with pytest.raises(fray.ReplayMismatch) as caught:
        fray.replay(REPLAYS / path)
    assert caught.value.command == command
    named = (
        "replay mismatch at the start:"
        if command is None
        else f"replay mismatch at command #{command + 1} (index {command}):"
    )
    assert named in str(caught.value)
    assert caught.value.expected != caught.value.actual
