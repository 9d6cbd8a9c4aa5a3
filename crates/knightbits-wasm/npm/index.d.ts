// Types of knightbits for JavaScript (index.js). Bitboards are bigint, a1 = bit 0 to h8 = bit 63.
// The lists of pieces and methods below are generated from the library's (`pieces()`) by
// tests/types.rs; the package's tests check that they and the numberings agree.

/** A file of the chess board. */
export type FileName = 'a' | 'b' | 'c' | 'd' | 'e' | 'f' | 'g' | 'h';
/** A rank of the chess board. */
export type RankName = '1' | '2' | '3' | '4' | '5' | '6' | '7' | '8';
/** A square's name, `a1` to `h8`. */
export type SquareName = `${FileName}${RankName}`;
/** A square: its number, 0 (a1) to 63 (h8), or its name. */
export type Square = number | SquareName;
/** A set of squares: a bitboard, one square, or a list of squares. */
export type Squares = bigint | Square | readonly Square[];
/** A board's size, files x ranks: `"8x8"`, `"100x100"`. */
export type BoardSize = `${number}x${number}`;
/** A square of a board of any size: a name (`"j10"`), an 8x8 square number, or
 * `[file, rank]` counted from 0. */
export type Coord = Square | (string & {}) | readonly [file: number, rank: number];
/** A square of a board of any size in an answer: its name on boards of up to 26 files
 * (`"z26"`), else `[file, rank]` counted from 0. */
export type BoardSquare = string | [file: number, rank: number];
/** A position in Forsyth-Edwards Notation. */
export type Fen = string;
/** A move in UCI: `"g1f3"`, castling `"e1g1"`. */
export type Uci = string;

/** A side. */
export type Side = 'white' | 'black';
/** A numbering of the squares, for formulas: the square numbered 0, then the one numbered 1. */
export type Numbering = 'a1-b1' | 'h1-g1' | 'a1-a2' | 'h1-h2' | 'a8-b8' | 'a8-a7' | 'h8-g8' | 'h8-h7';

// Generated from the leaper definition (Leaper::ALL) by tests/types.rs: do not edit until the end line. Refresh: KNIGHTBITS_BLESS=1 cargo test -p knightbits-wasm --test types
/** A piece with techniques (`pieces()`). */
export type Piece = 'knight' | 'king';
/** The knight's methods of computing attacks. */
export type KnightMethod = 'lookup' | 'post-mask' | 'pre-mask' | 'prefix' | 'halves' | 'translate';
/** The king's methods of computing attacks. */
export type KingMethod = 'lookup' | 'shifts' | 'translate';
/** Any piece's method. */
export type Method = KnightMethod | KingMethod;

/** A piece and a method of its own (the knight when no piece is given). */
export type PieceMethod =
  | { piece?: 'knight'; method?: KnightMethod }
  | { piece: 'king'; method?: KingMethod };

/** Whose moves: the knight's when no piece is given; castling only for the king. */
export type MoveOptions =
  | { piece?: 'knight'; castling?: false }
  | { piece: 'king'; castling?: boolean };
// End of the generated lines.

/** A refusal of the library: its words are the command line's. */
export class KnightbitsError extends Error {
  /** The library's words, as the command line prints them. */
  readonly words: string;
  /** The HTTP status the explorer's server would answer with (400 for bad input). */
  readonly status: number;
  /** The request parameter at fault, when one is. */
  readonly field: string | undefined;
  /** The name of the function's argument (or option) at fault, when one is. */
  readonly argument: string | undefined;
}

/** A value the library refused: `message` is "argument 'NAME': " and the command line's words. */
export class ArgumentError extends KnightbitsError {}

/** The 64 square names, a1 = 0 to h8 = 63. */
export const SQUARES: readonly SquareName[];
/** The library's version. */
export const VERSION: string;

/** The names of the squares of `bitboard`, a1 first. */
export function squareNames(bitboard: bigint): SquareName[];

/** The squares the pieces on `squares` attack (the knight's, or the king's), by `method`. */
export function attacks(squares: Squares, options?: PieceMethod): bigint;
/** The squares knights on `squares` attack: `knightAttacks(27)` is `0x142200221400n`. */
export function knightAttacks(squares: Squares, options?: { method?: KnightMethod }): bigint;
/** The squares kings on `squares` attack. */
export function kingAttacks(squares: Squares, options?: { method?: KingMethod }): bigint;
/** The squares `side`'s knights (or king) attack in the position `fen`. */
export function positionAttacks(fen: Fen, side: Side, options?: { piece?: Piece }): bigint;

/** The legal moves of the side to move's knights (or king) in `fen`, sorted. */
export function legalMoves(fen: Fen, options?: MoveOptions): Uci[];
/** The pseudo-legal moves (a king's include attacked squares) of the side to move's knights
 * (or king) in `fen`, sorted. */
export function pseudoLegalMoves(fen: Fen, options?: MoveOptions): Uci[];

/** The side to move's forks in a position. */
export interface Forks {
  /** Every square from which a knight attacks at least two of the opponent's targets. */
  squares: SquareName[];
  /** The legal knight moves onto one of them. */
  moves: Uci[];
  /** Those whose destination no enemy pawn or knight attacks: the wiki's "forced" set. */
  forcedMoves: Uci[];
  /** The legal knight moves that give check and attack a queen. */
  royalMoves: Uci[];
}
/** The forks of the side to move in `fen`; `targets` are piece letters (default `"kqr"`). */
export function forks(fen: Fen, options?: { targets?: string }): Forks;
/** The squares from which a knight attacks at least two of `targets`. */
export function forkSquares(targets: Squares): bigint;

/** The knight's fill from `from`: element n is every square reached in at most n moves
 * (element 0 is `from`), for `moves` moves (default: until nothing more is reached). */
export function fill(from: Squares, moves?: number): bigint[];
/** The squares knights on `from` reach in at most (or, with `exactly`, exactly) `moves`
 * moves (0 to 64, default 1). */
export function reach(from: Squares, moves?: number, options?: { exactly?: boolean }): bigint;
/** The fewest knight moves from `from` to `to` on `board` (default `"8x8"`); null if none. */
export function distance(from: Coord, to: Coord, options?: { board?: BoardSize }): number | null;
/** A shortest knight path from `from` to `to` on `board` (default `"8x8"`), both ends
 * included; null if none. */
export function path(from: Coord, to: Coord, options?: { board?: BoardSize }): BoardSquare[] | null;
/** The knight distance from `from` to each of the 64 squares, a1 first. */
export function distances(from: Square): number[];

/** A knight's tour, or why there is none. */
export interface Tour {
  board: BoardSize;
  closed: boolean;
  /** The squares in order. */
  path: BoardSquare[] | null;
  /** Why there is no tour, when `path` is null. */
  reason: string | null;
}
/** A knight's tour of `board` from `start` (default a corner), `closed` or open (default). */
export function tour(board: BoardSize, options?: { start?: Coord; closed?: boolean }): Tour;

/** One step of a technique, as the explorer draws it. */
export interface Step {
  /** The step's name (a direction, a square, a variable of the source's code). */
  name: string;
  /** What it computes, in the source's notation. */
  formula: string;
  /** What it yields. */
  bitboard: bigint;
  /** Whether its bitboard is part of the final union. */
  part: boolean;
  /** One character per square, a1 first: `1` in the result, `r` removed by the mask, `-`
   * outside the mask, `.` otherwise. */
  cells: string;
  /** The bitboard before masking. */
  shifted?: bigint;
  /** The mask. */
  mask?: bigint;
  /** The bits the mask removed. */
  removed?: bigint;
  /** The pieces the step is about, when not all of them. */
  at?: bigint;
}
/** A technique step by step, and what every method of the piece gives. */
export interface Steps {
  method: Method;
  /** The union of the steps that are part of the result. */
  attacks: bigint;
  steps: Step[];
  methods: { method: Method; bitboard: bigint; count: number }[];
}
/** A technique step by step, as the explorer shows it: the pieces on `squares`, the
 * knight's (default) or the king's, by `method` (default lookup), formulas in `numbering`. */
export function steps(squares: Squares, options?: PieceMethod & { numbering?: Numbering }): Steps;

/** A piece as the library lists it. */
export interface PieceInfo {
  name: Piece;
  glyph: string;
  key: string;
  castling: boolean;
  methods: Method[];
}
/** The pieces and their methods. */
export function pieces(): PieceInfo[];
/** The numberings of the squares, for `steps`' formulas. */
export function numberings(): Numbering[];
