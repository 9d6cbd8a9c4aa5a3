// The page's state in the URL's fragment, and back: pure, no DOM.
//
// Parameters (each left out at its default): b (the board's bits), piece (the kind the method
// picker shows), p and m (the pieces of that kind and its method), q and qm (the pieces of the
// other kind and its method), n (numbering), o (second board), t (fork targets), tool, fen,
// from and to (the fill panel), tour, ts and tc (the tour's board, start and closed), rooks,
// bishops and queens (square lists: the sliding pieces). Links
// written before the page knew two kinds at once (b, p, piece, m, …) read as they always did.

import { ZERO, TOOLS, KINDS, SLIDERS, DEFAULT_FEN, DEFAULT_TOUR, bits, squaresOf, defaultStart, methodsFor } from './state.js';
import { isSquare } from './squares.js';

const otherKind = (kind) => KINDS.find((k) => k !== kind);

/** The fragment (without '#') that reproduces the model; '' for the page as it starts. */
export function encode(m) {
  const p = new URLSearchParams();
  const other = otherKind(m.piece);
  if (bits(m) !== ZERO) p.set('b', bits(m));
  if (squaresOf(m, m.piece).length) p.set('p', m.pieces[m.piece].pieces.bitboard);
  if (m.piece !== 'knight') p.set('piece', m.piece);
  if (m.methods[m.piece] !== 'lookup') p.set('m', m.methods[m.piece]);
  if (squaresOf(m, other).length) p.set('q', m.pieces[other].pieces.bitboard);
  if (m.methods[other] !== 'lookup') p.set('qm', m.methods[other]);
  for (const k of SLIDERS) if (m.sliders[k].length) p.set(k + 's', m.sliders[k].join(','));
  if (m.numbering !== 'a1-b1') p.set('n', m.numbering);
  if (m.other && m.other.bitboard !== ZERO) p.set('o', m.other.bitboard);
  if (m.forks && m.forks.targets.bitboard !== ZERO) p.set('t', m.forks.targets.bitboard);
  if (m.tool !== 'paint') p.set('tool', m.tool);
  if (m.position && m.position.fen !== DEFAULT_FEN) p.set('fen', m.position.fen);
  if (m.fill.from) p.set('from', m.fill.from);
  if (m.fill.from && m.fill.to) p.set('to', m.fill.to);
  if (m.tour) {
    const t = m.tour.params;
    if (t.board !== DEFAULT_TOUR.board || t.start !== DEFAULT_TOUR.start || t.closed !== DEFAULT_TOUR.closed) {
      p.set('tour', t.board);
      if (t.start !== defaultStart(t.board.split('x')[0])) p.set('ts', t.start);
      if (t.closed) p.set('tc', '1');
    }
  }
  return p.toString();
}

/**
 * What a fragment asks for, with names the pickers do not offer (per `meta`) replaced by the
 * defaults. Bitboards stay as written: the library reads (or refuses) them.
 * `{ bits, pieces: { knight, king }, piece, methods, numbering, tool, other, targets, fen,
 *    from, to, tour }`; pieces of a kind are null when there are none.
 */
export function decode(fragment, meta) {
  const p = new URLSearchParams(String(fragment || '').replace(/^#/, ''));
  const tool = TOOLS.includes(p.get('tool')) ? p.get('tool') : 'paint';
  // A piece tool picks its own kind; otherwise the kind the link names.
  const piece = KINDS.includes(tool) ? tool : p.get('piece') === 'king' ? 'king' : 'knight';
  const other = otherKind(piece);
  const offered = (kind) => methodsFor({ meta }, kind);
  const methods = { knight: 'lookup', king: 'lookup' };
  if (offered(piece).includes(p.get('m'))) methods[piece] = p.get('m');
  if (offered(other).includes(p.get('qm'))) methods[other] = p.get('qm');
  const pieces = { knight: null, king: null };
  if (p.get('p')) pieces[piece] = p.get('p');
  if (p.get('q')) pieces[other] = p.get('q');
  // Sliders: square names, each square holding one piece (the first kind named keeps it).
  const sliders = {};
  const taken = new Set();
  for (const k of SLIDERS) {
    sliders[k] = [];
    for (const name of (p.get(k + 's') || '').split(',')) {
      if (isSquare(name) && !taken.has(name)) { taken.add(name); sliders[k].push(name); }
    }
  }
  const from = isSquare(p.get('from')) ? p.get('from') : null;
  const to = from && isSquare(p.get('to')) && p.get('to') !== from ? p.get('to') : null;
  const size = /^(\d+)x(\d+)$/.exec(p.get('tour') || '');
  const tour = size
    ? { board: size[0], start: p.get('ts') || defaultStart(size[1]), closed: p.get('tc') === '1' }
    : { ...DEFAULT_TOUR };
  return {
    bits: p.get('b') || ZERO,
    pieces,
    sliders,
    piece,
    methods,
    numbering: meta.numberings.includes(p.get('n')) ? p.get('n') : 'a1-b1',
    tool,
    other: p.get('o') || ZERO,
    targets: p.get('t') || ZERO,
    fen: p.get('fen') || DEFAULT_FEN,
    from,
    to,
    tour,
  };
}
