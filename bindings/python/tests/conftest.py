"""Shared fixtures: the `fray` CLI binary for cross-checks against Rust."""

from __future__ import annotations

import json
import os
import subprocess
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[3]


@pytest.fixture(scope="session")
def fray_cli() -> Path:
    """Path of the `fray` binary: $FRAY_CLI (set by scripts/test-python), else built now."""
    path = os.environ.get("FRAY_CLI")
    if path:
        return Path(path)
    subprocess.run(["cargo", "build", "-q", "-p", "fray-cli"], cwd=ROOT, check=True)
    target = Path(os.environ.get("CARGO_TARGET_DIR", ROOT / "target"))
    return target / "debug" / "fray"


@pytest.fixture(scope="session")
def cli(fray_cli: Path) -> Callable[..., Any]:
    """Runs `fray ARGS… --json` and returns the parsed JSON output (fails on a non-zero exit)."""

    def run(*args: str) -> Any:
        done = subprocess.run(
            [str(fray_cli), *args, "--json"], capture_output=True, text=True, check=False
        )
        assert done.returncode == 0, f"fray {' '.join(args)} failed: {done.stderr}"
        return json.loads(done.stdout)

    return run


@pytest.fixture(scope="session")
def cli_raw(fray_cli: Path) -> Callable[..., subprocess.CompletedProcess[str]]:
    """Runs `fray ARGS…` and returns the finished process."""

    def run(*args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [str(fray_cli), *args], capture_output=True, text=True, check=False
        )

    return run
