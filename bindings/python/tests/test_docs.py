"""The Python code of the documentation runs as written.

Every ```python block of a page under ``docs/`` runs, in order, in one namespace per page
(like the cells of a notebook), with ``fray_repo`` set to the repository root. A block right
after a ``<!-- not run: reason -->`` line is illustrative and skipped; there are few, and each
says why.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[3]
DOCS = ROOT / "docs"
NOT_RUN = re.compile(r"^<!-- not run: .+ -->$")


def python_blocks(page: Path) -> list[tuple[int, str, bool]]:
    """(line, code, runs) of every ```python block of ``page``."""
    blocks: list[tuple[int, str, bool]] = []
    lines = page.read_text(encoding="utf-8").splitlines()
    i = 0
    while i < len(lines):
        if lines[i].strip() == "```python":
            start = i + 1
            end = start
            while end < len(lines) and not lines[end].startswith("```"):
                end += 1
            assert end < len(lines), f"{page.name}:{i + 1}: the block is not closed"
            runs = not (i > 0 and NOT_RUN.match(lines[i - 1].strip()))
            blocks.append((i + 1, "\n".join(lines[start:end]) + "\n", runs))
            i = end
        i += 1
    return blocks


PAGES = sorted(p for p in DOCS.rglob("*.md") if python_blocks(p))


def test_the_guides_have_python_to_run() -> None:
    names = {p.relative_to(DOCS).as_posix() for p in PAGES}
    assert {"guide/designer.md", "replay-format.md"} <= names
    skipped = [(p.name, n) for p in PAGES for n, _, runs in python_blocks(p) if not runs]
    assert len(skipped) <= 3, f"too many blocks marked not run: {skipped}"


@pytest.mark.parametrize("page", PAGES, ids=lambda p: p.relative_to(DOCS).as_posix())
def test_python_blocks_run(page: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("MPLBACKEND", "Agg")
    monkeypatch.chdir(tmp_path)  # a block that writes a file writes it here
    namespace: dict[str, object] = {"__name__": "__docs__", "fray_repo": str(ROOT)}
    ran = 0
    for line, code, runs in python_blocks(page):
        if not runs:
            continue
        compiled = compile(code, f"{page.relative_to(ROOT)}:{line}", "exec")
        exec(compiled, namespace)  # noqa: S102 - running the documentation is the point
        ran += 1
    assert ran > 0
    assert os.getcwd() == str(tmp_path)
