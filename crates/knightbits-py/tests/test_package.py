"""The package as a Python user meets it: stubs that match the module (mypy.stubtest), a
docstring on every function, class and method, a readable help(), py.typed shipped."""

import importlib.resources
import inspect
import pydoc
import subprocess
import sys

import knightbits


def public():
    for name in knightbits.__all__:
        yield name, getattr(knightbits, name)


def test_stubs_match_the_module():
    r = subprocess.run([sys.executable, "-m", "mypy.stubtest", "knightbits"],
                       capture_output=True, text=True, timeout=600)
    assert r.returncode == 0, r.stdout + r.stderr


def test_py_typed_and_stubs_are_shipped():
    files = importlib.resources.files("knightbits")
    for name in ("py.typed", "__init__.pyi", "_knightbits.pyi"):
        assert files.joinpath(name).is_file(), name


def test_every_name_has_a_docstring():
    for name, obj in public():
        assert obj.__doc__ and len(obj.__doc__.strip()) > 20, name
        if inspect.isclass(obj):
            for attr, member in vars(obj).items():
                if attr.startswith("_"):
                    continue
                assert member.__doc__ and member.__doc__.strip(), f"{name}.{attr}"


def test_signatures_are_introspectable():
    for name, obj in public():
        if callable(obj) and not inspect.isclass(obj):
            inspect.signature(obj)  # raises when the native function has none
    assert str(inspect.signature(knightbits.knight_attacks_batch)) == "(a, /, out=None)"
    assert str(inspect.signature(knightbits.Position.legal_moves)) == "(self, /, piece='knight', castling=False)"


def test_help_reads_well():
    text = pydoc.render_doc(knightbits, renderer=pydoc.plaintext)
    assert "python-chess's" in text
    for name, _ in public():
        assert name in text, name
    assert "\n--\n" not in text  # no raw signature markers
