// Answers shaped as the library's (/api/meta, /api/show, /api/explore), written by hand for the
// pure modules' tests: the tests check what the page does with answers, not the answers.

import { LERF } from '../js/squares.js';

export const META = Object.freeze({
  numberings: ['a1-b1', 'h1-g1', 'a1-a2', 'h1-h2', 'a8-b8', 'a8-a7', 'h8-g8', 'h8-h7'],
  pieces: [
    { name: 'knight', glyph: '♞', key: 'n', castling: false, methods: ['lookup', 'post-mask', 'pre-mask', 'prefix', 'halves', 'translate'] },
    { name: 'king', glyph: '♚', key: 'k', castling: true, methods: ['lookup', 'shifts', 'translate'] },
  ],
  fork_targets: ['king', 'queen', 'rook'],
  count_methods: ['loop', 'table16', 'clear-lowest', 'hardware'],
  version: '0.1.0',
});

/** The LERF hex of a list of square names. */
export function hex(squares) {
  let v = 0n;
  for (const s of squares) v |= 1n << BigInt(LERF.indexOf(s));
  return '0x' + v.toString(16).padStart(16, '0');
}

/** A /api/show answer for squares (only the fields the page reads). */
export function view(squares, numbering = 'a1-b1') {
  const sorted = LERF.filter((s) => squares.includes(s));
  return {
    bitboard: hex(sorted),
    squares: sorted,
    count: sorted.length,
    numbering,
    grid: LERF.map((_, i) => i),
    value: hex(sorted),
    decimal: BigInt(hex(sorted)).toString(),
    binary: '0b' + BigInt(hex(sorted)).toString(2).padStart(64, '0'),
    rust: `const BITBOARD: u64 = ${hex(sorted)};`,
    popcounts: { loop: sorted.length, table16: sorted.length, 'clear-lowest': sorted.length, hardware: sorted.length },
  };
}

/** A /api/explore answer: `pieces` of `kind` attacking `attacked`, traced in `n` steps. */
export function steps(kind, pieces, attacked, { n = 1, method = 'lookup', names = null } = {}) {
  const cells = LERF.map((s) => (attacked.includes(s) ? '1' : '.')).join('');
  return {
    method,
    bitboard: hex(attacked),
    squares: LERF.filter((s) => attacked.includes(s)),
    count: attacked.length,
    steps: (names || Array.from({ length: n }, (_, i) => `${kind}-step-${i}`)).map((name) => ({ name, formula: 'f', bitboard: hex(attacked), part: true, cells })),
    methods: [{ method, bitboard: hex(attacked), count: attacked.length }],
    pieces: { bitboard: hex(pieces), squares: LERF.filter((s) => pieces.includes(s)), count: pieces.length },
    view: view(attacked),
  };
}

// Knights on b1 and g1 attack a3 c3 d2 and e2 f3 h3; a king on e4 its eight neighbours.
export const B1G1 = ['b1', 'g1'];
export const B1G1_ATTACKS = ['d2', 'e2', 'a3', 'c3', 'f3', 'h3'];
export const E4_KING = ['d3', 'e3', 'f3', 'd4', 'f4', 'd5', 'e5', 'f5'];

/** Freezes an object and everything in it, so a transition that edits its input throws. */
export function deepFreeze(o) {
  if (o && typeof o === 'object' && !Object.isFrozen(o)) {
    Object.freeze(o);
    for (const v of Object.values(o)) deepFreeze(v);
  }
  return o;
}
