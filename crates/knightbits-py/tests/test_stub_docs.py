"""The stubs an editor reads carry the runtime's docstrings: every function, class, method and
property documented in ``_knightbits.pyi`` (and the exceptions, which are Python) has exactly
the docstring ``help()`` shows. After changing a docstring in the Rust source, rewrite the stub's
with ``python tests/test_stub_docs.py --write`` (after building)."""

import ast
import inspect
import pathlib
import sys

import knightbits
from knightbits import _knightbits

STUB = pathlib.Path(knightbits.__file__).with_name("_knightbits.pyi")


def runtime_doc(path):
    obj = _knightbits
    for part in path:
        obj = inspect.getattr_static(obj, part) if inspect.isclass(obj) else getattr(obj, part)
    return inspect.cleandoc(obj.__doc__) if obj.__doc__ else None


def documented(tree):
    """(path, node) of every public def and class in the stub, with its stub docstring."""
    for node in tree.body:
        if isinstance(node, ast.FunctionDef) and not node.name.startswith("_"):
            yield (node.name,), node
        elif isinstance(node, ast.ClassDef) and node.name in _knightbits.__all__:
            yield (node.name,), node
            for member in node.body:
                if isinstance(member, ast.FunctionDef) and not member.name.startswith("_"):
                    yield (node.name, member.name), member


def test_stub_docstrings_equal_the_runtime_ones():
    tree = ast.parse(STUB.read_text())
    seen = 0
    for path, node in documented(tree):
        want = runtime_doc(path)
        assert want, f"{'.'.join(path)} has no runtime docstring"
        got = ast.get_docstring(node)
        assert got == want, f"{'.'.join(path)}: the stub's docstring differs (run tests/test_stub_docs.py --write)"
        seen += 1
    assert seen >= 50, seen
    for name in knightbits.__all__:
        assert name in {p[0] for p, _ in documented(tree)} or not hasattr(_knightbits, name), name


def write():
    """Puts the runtime's docstrings into the stub (replacing any there)."""
    text = STUB.read_text()
    lines = text.splitlines(keepends=True)
    tree = ast.parse(text)
    edits = []
    for path, node in documented(tree):
        doc = runtime_doc(path)
        if not doc:
            continue
        indent = " " * (node.col_offset + 4)
        body = node.body
        first = body[0]
        has_doc = (isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant)
                   and isinstance(first.value.value, str))
        quoted = doc.replace("\\", "\\\\").replace('"""', '\\"\\"\\"')
        block = indent + '"""' + quoted.replace("\n", "\n" + indent).replace(indent + "\n", "\n") + '"""\n'
        block = "\n".join(line.rstrip() for line in block.split("\n"))
        if has_doc:
            edits.append((first.lineno - 1, first.end_lineno, block))
        elif (isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant)
              and first.value.value is Ellipsis and first.lineno == node.end_lineno):
            # `def f(...) -> T: ...` on its last line: replace the ellipsis with the docstring.
            last = first.lineno - 1
            head = lines[last][: first.col_offset].rstrip()
            edits.append((last, last + 1, head + "\n" + block))
        else:
            edits.append((node.body[0].lineno - 1, node.body[0].lineno - 1, block))
    for start, end, block in sorted(edits, reverse=True):
        lines[start:end] = [block]
    STUB.write_text("".join(lines))


if __name__ == "__main__":
    if sys.argv[1:] == ["--write"]:
        write()
    else:
        sys.exit("usage: python tests/test_stub_docs.py --write")
