"""Executes a notebook on a real Jupyter kernel (nbclient) and fails on any error.

    python bindings/python/run_notebook.py examples/notebooks/balance.ipynb

The executed copy goes to ``$FRAY_NOTEBOOK_OUT`` (default: a temporary directory), never back
into the repository, so the committed notebook stays without outputs.
"""

from __future__ import annotations

import os
import sys
import tempfile
import time
from pathlib import Path

import nbformat
from nbclient import NotebookClient


def main(path: str) -> int:
    notebook = Path(path).resolve()
    nb = nbformat.read(notebook, as_version=4)
    client = NotebookClient(
        nb,
        kernel_name="python3",
        timeout=600,
        resources={"metadata": {"path": str(notebook.parent)}},
    )
    start = time.perf_counter()
    client.execute()  # raises CellExecutionError on the first failing cell
    out_dir = Path(os.environ.get("FRAY_NOTEBOOK_OUT") or tempfile.mkdtemp())
    out_dir.mkdir(parents=True, exist_ok=True)
    out = out_dir / notebook.name
    nbformat.write(nb, out)
    errors = [
        o
        for cell in nb.cells
        if cell.cell_type == "code"
        for o in cell.get("outputs", [])
        if o.get("output_type") == "error"
    ]
    if errors:
        print(f"{notebook.name}: {len(errors)} error output(s); see {out}", file=sys.stderr)
        return 1
    # With the CLI at hand (the test run sets FRAY_CLI), the notebook must show the SVG that
    # `fray sweep --plot` wrote: issue 22's check that the CLI's picture opens.
    svgs = [
        o
        for cell in nb.cells
        if cell.cell_type == "code"
        for o in cell.get("outputs", [])
        if "image/svg+xml" in o.get("data", {})
    ]
    if os.environ.get("FRAY_CLI") and not svgs:
        print(f"{notebook.name}: no SVG output although FRAY_CLI is set; see {out}", file=sys.stderr)
        return 1
    print(f"{notebook.name}: executed in {time.perf_counter() - start:.1f} s -> {out}")
    return 0


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit("usage: run_notebook.py NOTEBOOK.ipynb")
    sys.exit(main(sys.argv[1]))
