// Talking to the library: every /api/… address the page uses is written here, and only here.
// The page computes nothing itself; these answers are what it shows.

function query(params) {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params || {})) if (v !== undefined && v !== null) q.set(k, String(v));
  const s = q.toString();
  return s ? '?' + s : '';
}

/** One JSON endpoint; a refusal becomes an Error with the server's message. */
async function json(name, params) {
  const res = await fetch(`/api/${name}${query(params)}`);
  const body = await res.json();
  if (!res.ok) throw new Error(body.error || res.statusText);
  return body;
}

/** One picture endpoint, as SVG text; a refusal becomes an Error. */
async function text(name, params) {
  const res = await fetch(`/api/${name}${query(params)}`);
  const body = await res.text();
  if (!res.ok) {
    let message = res.statusText;
    try { message = JSON.parse(body).error || message; } catch (_) { /* not JSON */ }
    throw new Error(message);
  }
  return body;
}

export const meta = () => json('meta');
/** A bitboard in any form, read in LERF (a1-b1) whatever numbering the answer is shown in. */
export const show = (input, numbering = 'a1-b1') => json('show', { input, numbering, from: 'a1-b1' });
export const op = (params) => json('op', params);
export const steps = (params) => json('steps', params);
export const attacks = (params) => json('attacks', params);
export const convert = (input, from, to) => json('convert', { input, from, to });
export const forkSquares = (targets) => json('fork-squares', { targets });
export const position = (fen) => json('position', { fen });
export const forks = (fen) => json('forks', { fen });
export const moves = (params) => json('moves', params);
export const fill = (input) => json('fill', { input });
export const distances = (from) => json('distances', { from });
export const distance = (from, to) => json('distance', { from, to });
export const tour = (params) => json('tour', params);
export const tourSvg = (params) => text('tour-svg', params);

/** The address of a board picture (for an <img> or a download link; nothing is fetched). */
export const svgUrl = (params) => `/api/svg${query(params)}`;
