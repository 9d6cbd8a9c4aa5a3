// Talking to the library: every /api/… address the page uses is written here, and only here.
// The page computes nothing itself; these answers are what it shows. They come from the
// server's /api/ (`knightbits serve`) or, on the static site (`cargo xtask web`), from the same
// endpoint table compiled to WebAssembly and called in the page: js/config.js says which.

import { BACKEND } from './config.js';
import { loadLibrary } from './wasm.js';

/** Where the answers come from: 'api' or 'wasm'. */
export const backend = BACKEND === 'wasm' ? 'wasm' : 'api';

const library = backend === 'wasm' ? await loadLibrary(new URL('../knightbits.wasm', import.meta.url)) : null;

function query(params) {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params || {})) if (v !== undefined && v !== null) q.set(k, String(v));
  const s = q.toString();
  return s ? '?' + s : '';
}

/** One endpoint's answer: `{ ok, body, statusText }`, from the server or the module. */
async function ask(name, params) {
  if (library) {
    const { status, body } = library.call(name, query(params).slice(1));
    return { ok: status === 200, body, statusText: `status ${status}` };
  }
  const res = await fetch(`/api/${name}${query(params)}`);
  return { ok: res.ok, body: await res.text(), statusText: res.statusText };
}

/**
 * A refusal as an Error: its message the `error` of the JSON body, and `field` the parameter
 * the body names (`{"error": words, "field": name}`), null when it names none. The page places
 * a message by its field, never by reading its words.
 */
function refusal(r) {
  let body = {};
  try { body = JSON.parse(r.body) || {}; } catch (_) { /* not JSON: the status says it */ }
  return Object.assign(new Error(body.error || r.statusText), { field: body.field || null });
}

/** One JSON endpoint; a refusal becomes an Error with the library's message and field. */
async function json(name, params) {
  const r = await ask(name, params);
  if (!r.ok) throw refusal(r);
  return JSON.parse(r.body);
}

/** One picture endpoint, as SVG text; a refusal becomes an Error. */
async function text(name, params) {
  const r = await ask(name, params);
  if (!r.ok) throw refusal(r);
  return r.body;
}

export const meta = () => json('meta');
/** A bitboard in any form, read in LERF (a1-b1) whatever numbering the answer is shown in. */
export const show = (input, numbering = 'a1-b1') => json('show', { input, numbering, from: 'a1-b1' });
export const op = (params) => json('op', params);
/** The pieces `input` of one kind traced by its `method`, every method's set beside it. */
export const explore = (params) => json('explore', params);
/** Every piece of `squares` one step `by`, or none (`moved`: false) if one would leave the board. */
export const slide = (params) => json('slide', params);
export const attacks = (params) => json('attacks', params);
/** Rooks, bishops and queens (square lists) with every other piece (`occupied`) as a blocker. */
export const sliderAttacks = (params) => json('slider-attacks', params);
export const convert = (input, from, to) => json('convert', { input, from, to });
export const forkSquares = (targets) => json('fork-squares', { targets });
export const position = (fen) => json('position', { fen });
/** Can a knight stop a passed pawn: `{caught, square, knight_moves, pawn_moves, path}`. */
export const catchPawn = (params) => json('catch', params);
export const forks = (fen) => json('forks', { fen });
export const moves = (params) => json('moves', params);
export const fill = (input) => json('fill', { input });
export const distances = (from) => json('distances', { from });
export const distance = (from, to) => json('distance', { from, to });
export const tour = (params) => json('tour', params);
export const tourSvg = (params) => text('tour-svg', params);

/**
 * The address of a board picture (for an <img> or a download link): the server's /api/svg, or
 * on the static site the picture itself as a data: address (nothing is fetched either way
 * until it is shown).
 */
export function svgUrl(params) {
  if (!library) return `/api/svg${query(params)}`;
  const { status, body } = library.call('svg', query(params).slice(1));
  return status === 200 ? 'data:image/svg+xml;charset=utf-8,' + encodeURIComponent(body) : '';
}
