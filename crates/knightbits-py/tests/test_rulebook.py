"""The rulebook from Python: each rule about input that the package can meet (castling only for a
king, a method of the other piece, a piece that is no leaper, a tour count's limits and thread
range) is refused with the command line's words, so with the API's (its ``rules`` module, whose
test in crates/knightbits-cli/tests/rulebook.rs shows the server says them too).

The expected words are never typed here: each case runs the command line on the same wrong
input and takes its one line from stderr. ``cargo xtask test python`` builds the command line
and names it in ``KNIGHTBITS_CLI``; without it, the debug build is made with cargo.
"""

import os
import re
import subprocess

import chess
import pytest

import knightbits as kb
from conftest import ROOT

FEN = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"


@pytest.fixture(scope="module")
def cli():
    named = os.environ.get("KNIGHTBITS_CLI")
    if named:
        return named
    # Run outside xtask: build the command line (a no-op when it is up to date).
    subprocess.run(
        ["cargo", "build", "-q", "-p", "knightbits-cli", "--bin", "knightbits"],
        cwd=ROOT,
        check=True,
    )
    target = os.environ.get("CARGO_TARGET_DIR", str(ROOT / "target"))
    return os.path.join(target, "debug", "knightbits")


def refused(cli, *args):
    """The command line's one line of refusal (exit 2, nothing on stdout), without the
    ``knightbits: `` prefix, as the option it names (``--castling``, or None) and the words."""
    out = subprocess.run([cli, *args], capture_output=True, text=True, timeout=120)
    assert out.returncode == 2, (args, out)
    assert out.stdout == "", args
    lines = out.stderr.splitlines()
    assert len(lines) == 1, (args, out.stderr)
    line = lines[0]
    assert line.startswith("knightbits: "), line
    named = re.match(r"(--[a-z-]+): (.*)$", line[len("knightbits: "):])
    return (named.group(1), named.group(2)) if named else (None, line[len("knightbits: "):])


def refusal(cli, *args):
    """The words of the command line's refusal, without the option it names."""
    return refused(cli, *args)[1]


def python_refusal(error_class, call):
    with pytest.raises(error_class) as caught:
        call()
    return str(caught.value), caught.value


def test_castling_is_refused_for_a_knight_in_the_command_lines_words(cli):
    option, words = refused(cli, "moves", "--fen", FEN, "--castling")
    assert option == "--castling", option
    assert "castling" in words and "king" in words, words
    pos = kb.Position(FEN)
    for call in (
        lambda: pos.legal_moves(castling=True),
        lambda: pos.legal_moves(chess.KNIGHT, castling=True),
        lambda: kb.legal_moves_batch([FEN], castling=True),
    ):
        message, error = python_refusal(kb.OptionError, call)
        assert message.endswith(words), (message, words)
        assert error.argument == "castling"
    # The king may castle, in both.
    assert subprocess.run([cli, "moves", "--fen", FEN, "--piece", "king", "--castling"],
                          capture_output=True).returncode == 0
    assert "e1g1" in pos.legal_moves("king", castling=True)


@pytest.mark.parametrize(
    "cli_args, call",
    [
        # A king's method asked of the knight, in another case.
        (["attacks", "d4", "--method", "SHIFTS"], lambda: kb.knight_attacks_set(1, method="SHIFTS")),
        # A knight's method asked of the king.
        (["steps", "d4", "--piece", "king", "--method", "prefix"],
         lambda: kb.king_attacks_set(1, method="prefix")),
    ],
)
def test_a_method_of_the_other_piece_is_refused_in_the_command_lines_words(cli, cli_args, call):
    option, words = refused(cli, *cli_args)
    assert "method" in words, words
    message, error = python_refusal(kb.OptionError, call)
    assert message == f"method: {words}"
    # The same argument at fault, named as data by both: the option and the attribute.
    assert option == f"--{error.argument}" == "--method", option


def test_a_piece_that_is_no_leaper_is_refused_naming_the_same_pieces(cli):
    line = refusal(cli, "moves", "--fen", FEN, "--piece", "queen")
    # The command line refuses at parse time (clap), listing the one list of leapers.
    listed = re.search(r"\[possible values: ([^\]]+)\]", line)
    assert listed, line
    leapers = [name.strip() for name in listed.group(1).split(",")]
    assert len(leapers) >= 2, leapers
    pos = kb.Position(FEN)
    for piece, call in (
        ("queen", lambda: pos.legal_moves("queen")),
        ("QUEEN", lambda: kb.techniques("QUEEN")),
        ("queen", lambda: kb.legal_moves_batch([FEN], piece=chess.QUEEN)),
    ):
        message, error = python_refusal(kb.OptionError, call)
        assert f"'{piece}'" in message, message
        for name in leapers:
            assert name in message, (name, message)
        assert error.argument == "piece"
    # Both read each leaper's name in any case.
    for name in leapers:
        assert subprocess.run([cli, "moves", "--fen", FEN, "--piece", name.upper()],
                              capture_output=True).returncode == 0
        assert kb.techniques(name.upper()) == kb.techniques(name)


@pytest.mark.parametrize(
    "board, closed",
    [
        # Past the closed count's width limit.
        ((13, 13), True),
        # Past every open count's limits.
        ((40, 40), False),
    ],
)
def test_a_tour_count_past_the_limits_is_refused_in_the_command_lines_words(cli, board, closed):
    width, height = board
    args = ["count-tours", "--board", f"{width}x{height}"] + (["--closed"] if closed else [])
    words = refusal(cli, *args)
    assert words.startswith(f"cannot count tours of {width}x{height}: "), words
    message, error = python_refusal(kb.BoardError, lambda: kb.count_tours(width, height, closed=closed))
    assert message == f"width, height: {words}"


@pytest.mark.parametrize("threads", [0, 1025])
def test_the_thread_range_is_the_command_lines(cli, threads):
    line = refusal(cli, "count-tours", "--board", "5x5", "--threads", str(threads))
    found = re.search(r"(\d+ is not in \d+\.\.=\d+)", line)
    assert found, line
    message, error = python_refusal(kb.ArgumentValueError, lambda: kb.count_tours(5, 5, threads=threads))
    assert found.group(1) in message, (message, line)
    assert error.argument == "threads"
