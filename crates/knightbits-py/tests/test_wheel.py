"""The release wheel as a pip user gets it: ``cargo xtask test python`` builds it (as ``cargo
xtask wheel`` does) and names it in ``KNIGHTBITS_WHEEL``; this installs it into a fresh virtual
environment whose PATH has no cargo or rustc and runs both examples there, from a directory
outside the source tree. Its tag, size and metadata are checked too."""

import os
import pathlib
import shutil
import subprocess
import sys
import zipfile

import pytest

WHEEL = os.environ.get("KNIGHTBITS_WHEEL")
EXAMPLES = pathlib.Path(__file__).resolve().parents[1] / "examples"

needs_wheel = pytest.mark.skipif(
    not WHEEL, reason="KNIGHTBITS_WHEEL is set by `cargo xtask test python`, which builds the wheel")


@needs_wheel
def test_wheel_tag_size_and_metadata():
    path = pathlib.Path(WHEEL)
    assert path.name.endswith("-cp39-abi3-manylinux2014_x86_64.manylinux_2_17_x86_64.whl"), path.name
    assert path.stat().st_size <= 5_000_000
    with zipfile.ZipFile(path) as z:
        meta = next(n for n in z.namelist() if n.endswith(".dist-info/METADATA"))
        text = z.read(meta).decode()
    assert "pip install knightbits" in text and "pip install ./crates" not in text
    for field in ("Project-URL: Repository", "Project-URL: Documentation",
                  "Classifier: License :: OSI Approved :: MIT License",
                  "Classifier: Operating System :: POSIX :: Linux", "Requires-Python: >=3.9",
                  "MIT OR Apache-2.0", "Provides-Extra: pandas"):
        assert field in text, field
    sdists = list(path.parent.glob("knightbits-*.tar.gz"))
    assert len(sdists) == 1, "cargo xtask wheel writes the sdist beside the wheel"


@needs_wheel
def test_fresh_environment_without_rust_runs_both_examples(tmp_path):
    venv = tmp_path / "venv"
    # ensurepip alone took over 120 s on the 2-core machine at load 16
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True, timeout=600)
    py = str(venv / "bin" / "python")
    env = {"PATH": f"{venv / 'bin'}:/usr/bin:/bin", "HOME": os.environ.get("HOME", str(tmp_path)),
           "LANG": "C.UTF-8"}
    assert shutil.which("cargo", path=env["PATH"]) is None
    assert shutil.which("rustc", path=env["PATH"]) is None

    def run(*args, timeout=600):
        r = subprocess.run(args, env=env, cwd=tmp_path, capture_output=True, text=True,
                           timeout=timeout)
        assert r.returncode == 0, r.stdout + r.stderr
        return r.stdout

    run(py, "-m", "pip", "install", "--quiet", "--disable-pip-version-check", "--only-binary", ":all:",
        WHEEL, "chess", "dask[distributed]")
    where = run(py, "-c", "import knightbits; print(knightbits.__file__, knightbits.__version__)")
    assert str(venv) in where
    out = run(py, str(EXAMPLES / "pgn_forks.py")).splitlines()
    assert "forks e5f7" in out[8]
    fens = tmp_path / "fens.txt"
    fens.write_text("\n".join([
        "r1b1kbnr/pppp1ppp/8/4N1q1/2BnP3/8/PPPP1PPP/RNBQK2R w KQkq - 1 5",
        "not a fen",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"]) + "\n")
    out = run(py, str(EXAMPLES / "dask_forks.py"), str(fens), "--workers", "1", "--chunk", "2")
    assert out.startswith("positions 3, invalid 1, with a fork move 1, fork moves 1"), out
