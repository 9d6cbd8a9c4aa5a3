// Square names and board geometry: pure, no DOM.

export const FILES = 'abcdefgh';

/** The name of a square from its file (0 = a) and rank (0 = rank 1). */
export function squareName(file, rank) { return FILES[file] + (rank + 1); }

/** Every square name, a1 first: the order of the API's `grid`, `cells` and `distances`. */
export const LERF = Object.freeze(Array.from({ length: 64 }, (_, i) => squareName(i % 8, i >> 3)));

/** Square names row by row as drawn, rank 8 on top, each rank from file a. */
export const DRAWN = Object.freeze(Array.from({ length: 64 }, (_, i) => squareName(i % 8, 7 - (i >> 3))));

/** Whether a square is a light one. */
export function isLight(name) { return (FILES.indexOf(name[0]) + Number(name.slice(1)) - 1) % 2 === 1; }

/** The square `df` files and `dr` ranks away, or null off the board. */
export function offset(name, df, dr) {
  const f = FILES.indexOf(name[0]) + df;
  const r = Number(name.slice(1)) - 1 + dr;
  return f >= 0 && f < 8 && r >= 0 && r < 8 ? squareName(f, r) : null;
}

/** Arrow keys: the file and rank step and the API's name for the direction. */
export const ARROWS = Object.freeze({
  ArrowUp: [0, 1, 'north'],
  ArrowDown: [0, -1, 'south'],
  ArrowLeft: [-1, 0, 'west'],
  ArrowRight: [1, 0, 'east'],
});

/** Whether text is a square name. */
export function isSquare(text) { return typeof text === 'string' && /^[a-h][1-8]$/.test(text); }
