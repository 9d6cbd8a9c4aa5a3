// knightbits for JavaScript: the knightbits library compiled to WebAssembly (the same module as
// the static explorer page, loaded by the page's own loader, wasm.js), as plain functions.
// Every answer and every refusal comes from the library's request layer (knightbits-api), the
// one the command line, the server and the Python package use: this file only turns JavaScript
// values into a request's parameters and the answer's JSON into JavaScript values (bitboards as
// bigint, names in camelCase). It knows no rule of chess and no list of pieces or methods.
import { loadLibrary } from './wasm.js';

const MODULE = new URL('./knightbits.wasm', import.meta.url);

// Node (and Deno) read the module from disk; a browser fetches it beside this file.
async function moduleSource() {
  if (MODULE.protocol === 'file:') {
    const { readFile } = await import('node:fs/promises');
    return readFile(MODULE);
  }
  return MODULE;
}

const library = await loadLibrary(await moduleSource());

/** A refusal of the library: its words are the command line's. */
export class KnightbitsError extends Error {
  constructor(message, { words, status, field, argument } = {}) {
    super(message);
    this.name = 'KnightbitsError';
    /** The library's words, as the command line prints them. */
    this.words = words ?? message;
    /** The HTTP status the explorer's server would answer with. */
    this.status = status ?? 500;
    /** The request parameter at fault, when one is. */
    this.field = field;
    /** The name of the function's argument (or option) at fault, when one is. */
    this.argument = argument;
  }
}

/** A value the library refused (HTTP 400 from the server): the message names the argument. */
export class ArgumentError extends KnightbitsError {
  constructor(message, details) {
    super(message, details);
    this.name = 'ArgumentError';
  }
}

// The error a refusal of the library is: `body` is its `{"error": words, "field": parameter}`
// (no field when no one parameter is at fault), `fields` maps a parameter to the argument of
// the function that gave it.
function refusal(status, body, fields) {
  let answer;
  try {
    answer = JSON.parse(body);
  } catch {
    answer = { error: body };
  }
  const words = String(answer.error);
  const field = answer.field ?? undefined;
  const argument = field === undefined ? undefined : (fields[field] ?? field);
  const message = argument === undefined ? words : `argument '${argument}': ${words}`;
  const details = { words, status, field, argument };
  return status === 400 ? new ArgumentError(message, details) : new KnightbitsError(message, details);
}

// Asks endpoint `name` with `params` (undefined values left out); `fields` maps a parameter to
// the argument of the function that gave it. Returns the answer's text.
function ask(name, params, fields) {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined) query.set(key, String(value));
  }
  const { status, body } = library.call(name, query.toString());
  if (status !== 200) throw refusal(status, body, fields);
  return body;
}

// The answer's JSON as JavaScript values: `"0x…"` bitboards as bigint, a set of squares
// (`{bitboard, squares, count}`) as its bigint, snake_case names in camelCase.
function revive(value) {
  if (typeof value === 'string') return /^0x[0-9a-f]{16}$/.test(value) ? BigInt(value) : value;
  if (Array.isArray(value)) return value.map(revive);
  if (value === null || typeof value !== 'object') return value;
  const keys = Object.keys(value);
  if (keys.length === 3 && 'bitboard' in value && 'squares' in value && 'count' in value) {
    return BigInt(value.bitboard);
  }
  return Object.fromEntries(
    keys.map((k) => [k.replace(/_([a-z])/g, (_, c) => c.toUpperCase()), revive(value[k])]),
  );
}

function askJson(name, params, fields) {
  return revive(JSON.parse(ask(name, params, fields)));
}

/** The 64 square names, a1 = 0 to h8 = 63 (LERF), as the library names them. */
export const SQUARES = Object.freeze(JSON.parse(ask('show', { input: '0xffffffffffffffff' }, {})).squares);

// A square given as a number is its name; a number that is not one is refused with the
// library's words for a square that is not one.
function squareText(value, field, fields) {
  if (typeof value !== 'number') return value;
  if (Number.isInteger(value) && value >= 0 && value < 64) return SQUARES[value];
  const { body } = library.call('svg', new URLSearchParams({ tour: String(value) }).toString());
  throw refusal(400, JSON.stringify({ error: JSON.parse(body).error, field }), fields);
}

// The text of a set of squares: a bitboard (bigint), a square (number or name), a list of
// squares, or any text the library reads as a bitboard (hex, "d4,e5", a FEN placement).
function squaresText(value, field, fields) {
  if (typeof value === 'bigint') {
    return value >= 0n && value < 1n << 64n ? '0x' + value.toString(16).padStart(16, '0') : String(value);
  }
  if (Array.isArray(value)) {
    if (value.length === 0) return '0x0000000000000000';
    return value.map((v) => squareText(v, field, fields)).join(',');
  }
  return squareText(value, field, fields);
}

// A square of a board of any size: a name, a number of the 8x8 board, or [file, rank] from 0.
function coordText(value, field, fields) {
  if (Array.isArray(value)) return value.join(',');
  return squareText(value, field, fields);
}

/** The names of the squares of a bitboard, a1 first. */
export function squareNames(bitboard) {
  const fields = { input: 'bitboard' };
  if (typeof bitboard !== 'bigint') {
    throw new TypeError(`argument 'bitboard': expected a bigint, not ${typeof bitboard}`);
  }
  return JSON.parse(ask('show', { input: squaresText(bitboard, 'input', fields) }, fields)).squares;
}

/** The squares the pieces on `squares` attack: `piece` "knight" (default) or "king", by `method`. */
export function attacks(squares, { piece, method } = {}) {
  const fields = { input: 'squares', piece: 'piece', method: 'method' };
  return askJson('attacks', { input: squaresText(squares, 'input', fields), piece, method }, fields);
}

/** The squares knights on `squares` attack (`knightAttacks(27)` is `0x142200221400n`). */
export function knightAttacks(squares, { method } = {}) {
  return attacks(squares, { piece: 'knight', method });
}

/** The squares kings on `squares` attack. */
export function kingAttacks(squares, { method } = {}) {
  return attacks(squares, { piece: 'king', method });
}

/** The squares `side`'s knights (or kings) attack in the position `fen`. */
export function positionAttacks(fen, side, { piece } = {}) {
  const fields = { fen: 'fen', side: 'side', piece: 'piece' };
  return askJson('attacks', { fen, side, piece }, fields);
}

function moves(fen, legal, { piece = 'knight', castling } = {}) {
  const fields = { fen: 'fen', piece: 'piece', castling: 'castling', legal: 'legal' };
  return askJson('moves', { fen, piece, legal, castling }, fields).moves;
}

/** The legal moves of the side to move's knights (or king) in `fen`, in UCI, sorted. */
export function legalMoves(fen, options) {
  return moves(fen, true, options);
}

/** The pseudo-legal moves (a king's include attacked squares) of the side to move's knights
 * (or king) in `fen`, in UCI, sorted. */
export function pseudoLegalMoves(fen, options) {
  return moves(fen, false, options);
}

/** The fork squares of the side to move in `fen`, and its knight moves onto them. */
export function forks(fen, { targets } = {}) {
  const fields = { fen: 'fen', targets: 'targets' };
  return askJson('forks', { fen, targets }, fields);
}

/** The squares from which a knight attacks at least two of `targets`. */
export function forkSquares(targets) {
  const fields = { targets: 'targets' };
  return askJson('fork-squares', { targets: squaresText(targets, 'targets', fields) }, fields);
}

/** The knight's fill from `from`: element n is every square reached in at most n moves
 * (element 0 is `from`), for `moves` moves (default: until nothing more is reached). */
export function fill(from, moves) {
  const fields = { input: 'from', moves: 'moves' };
  const answer = askJson('fill', { input: squaresText(from, 'input', fields), moves }, fields);
  return [answer.start, ...answer.steps];
}

/** The squares knights on `from` reach in at most (or, with `exactly`, exactly) `moves`
 * moves (0 to 64, default 1). */
export function reach(from, moves, { exactly } = {}) {
  const fields = { input: 'from', moves: 'moves', exactly: 'exactly' };
  return askJson('reach', { input: squaresText(from, 'input', fields), moves, exactly }, fields);
}

function walk(from, to, board) {
  const fields = { from: 'from', to: 'to', board: 'board' };
  return askJson('distance', { from: coordText(from, 'from', fields), to: coordText(to, 'to', fields), board }, fields);
}

/** The fewest knight moves from `from` to `to` on `board` (default "8x8"); null if none. */
export function distance(from, to, { board } = {}) {
  return walk(from, to, board).distance;
}

/** A shortest knight path from `from` to `to` on `board` (default "8x8"), both ends
 * included (names on boards of up to 26 files, else [file, rank]); null if none. */
export function path(from, to, { board } = {}) {
  return walk(from, to, board).path;
}

/** The knight distance from `from` to each of the 64 squares, a1 first. */
export function distances(from) {
  const fields = { from: 'from' };
  return askJson('distances', { from: squareText(from, 'from', fields) }, fields).distances;
}

/** A knight's tour of `board` ("8x8", "100x100", …) from `start`, `closed` or open. */
export function tour(board, { start, closed } = {}) {
  const fields = { board: 'board', start: 'start', closed: 'closed' };
  const params = { board, start: start === undefined ? undefined : coordText(start, 'start', fields), closed };
  const answer = askJson('tour', params, fields);
  return answer.reason === undefined ? { ...answer, reason: null } : answer;
}

/** A technique step by step, as the explorer shows it: the pieces on `squares`, `piece`
 * "knight" (default) or "king", `method` (default "lookup"), formulas in `numbering`. */
export function steps(squares, { piece, method, numbering } = {}) {
  const fields = { input: 'squares', piece: 'piece', method: 'method', numbering: 'numbering' };
  const answer = askJson('explore', { input: squaresText(squares, 'input', fields), piece, method, numbering }, fields);
  return { method: answer.method, attacks: answer.bitboard, steps: answer.steps, methods: answer.methods };
}

/** The pieces and their methods, as the library lists them. */
export function pieces() {
  return askJson('meta', {}, {}).pieces;
}

/** The numberings of the squares, for `steps`' formulas. */
export function numberings() {
  return askJson('meta', {}, {}).numberings;
}

/** The library's version. */
export const VERSION = askJson('meta', {}, {}).version;
