"""Boards of any size: distance and path against breadth-first search in Python, tours through
an independent validator, counts against OEIS."""

import collections

import pytest

import knightbits as kb

DELTAS = [(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)]


def bfs(width, height, start):
    """Knight distances from ``start`` (an index rank * width + file) to every square."""
    dist = {start: 0}
    queue = collections.deque([start])
    while queue:
        s = queue.popleft()
        f, r = s % width, s // width
        for df, dr in DELTAS:
            nf, nr = f + df, r + dr
            if 0 <= nf < width and 0 <= nr < height and nr * width + nf not in dist:
                dist[nr * width + nf] = dist[s] + 1
                queue.append(nr * width + nf)
    return dist


def is_knight_move(width, a, b):
    return (abs(a % width - b % width), abs(a // width - b // width)) in ((1, 2), (2, 1))


@pytest.mark.parametrize("width,height", [(8, 8), (3, 3), (1, 5), (5, 7), (10, 3)])
def test_distance_and_path_equal_bfs_on_every_pair(width, height):
    n = width * height
    for a in range(n):
        want = bfs(width, height, a)
        for b in range(n):
            d = kb.distance(a, b, width, height)
            assert d == want.get(b), (a, b)
            p = kb.path(a, b, width=width, height=height)
            if d is None:
                assert p is None
            else:
                assert len(p) == d + 1 and p[0] == a and p[-1] == b
                assert all(is_knight_move(width, x, y) for x, y in zip(p, p[1:]))


def test_large_board_and_pairs():
    assert kb.distance((0, 0), (9999, 9999), 10000, 10000) == bfs_free_distance(9999, 9999)
    assert kb.distance(0, 63) == 6
    assert kb.path(0, 63)[0] == 0


def bfs_free_distance(df, dr):
    """The known closed form for the infinite board, far from edges (both > 4): for
    df >= dr, max(ceil(df/2), ceil((df+dr)/3)) adjusted to the parity of df+dr."""
    df, dr = max(df, dr), min(df, dr)
    m = max((df + 1) // 2, (df + dr + 2) // 3)
    return m + ((m + df + dr) % 2)


def validate(width, height, squares, closed):
    assert sorted(squares) == list(range(width * height))
    assert all(is_knight_move(width, a, b) for a, b in zip(squares, squares[1:]))
    if closed:
        assert is_knight_move(width, squares[-1], squares[0])


@pytest.mark.parametrize("width,height,closed", [(8, 8, False), (8, 8, True), (5, 5, False),
                                                  (30, 20, True), (3, 4, False)])
def test_tours_pass_a_validator(width, height, closed):
    validate(width, height, kb.tour(width, height, closed=closed), closed)


def test_tour_from_a_start_and_boards_without_one():
    t = kb.tour(8, 8, start=27)
    assert t[0] == 27
    validate(8, 8, t, False)
    with pytest.raises(ValueError, match="no open knight's tour"):
        kb.tour(4, 4)
    with pytest.raises(ValueError):
        kb.tour(5, 5, closed=True)


def test_counts_match_oeis():
    assert kb.count_tours(5, 5) == 1728  # A165134
    assert kb.count_tours(6, 6, closed=True) == 9862  # A001230
    assert kb.count_tours(3, 10, closed=True, threads=1) == 16  # A070030


def brute_force_open(width, height, start=None):
    """Directed open tours by depth-first search (small boards only)."""
    n = width * height
    moves = [[b for b in range(n) if is_knight_move(width, a, b)] for a in range(n)]

    def extend(s, seen, depth):
        if depth == n:
            return 1
        return sum(extend(t, seen | 1 << t, depth + 1) for t in moves[s] if not seen >> t & 1)

    starts = range(n) if start is None else [start]
    return sum(extend(s, 1 << s, 1) for s in starts)


@pytest.mark.parametrize("width,height", [(3, 4), (4, 3), (3, 5), (4, 4)])
def test_open_counts_equal_brute_force(width, height):
    assert kb.count_tours(width, height) == brute_force_open(width, height)
    assert kb.count_tours(width, height, start=0) == brute_force_open(width, height, 0)


def test_board_errors():
    with pytest.raises(ValueError, match="not on the 8x8 board"):
        kb.distance(64, 0)
    with pytest.raises(ValueError, match="not on the 8x8 board"):
        kb.distance((8, 0), 0)
    with pytest.raises(TypeError, match="a square is an int"):
        kb.distance("a1", 0)
    with pytest.raises(ValueError):
        kb.distance(0, 0, 0, 8)
    with pytest.raises(ValueError, match="without a start"):
        kb.count_tours(6, 6, closed=True, start=0)
