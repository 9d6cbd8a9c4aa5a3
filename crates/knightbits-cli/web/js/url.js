// The page's state in the URL's fragment, and back: pure, no DOM.
//
// Parameters (each left out at its default): b (the board's bits), knights, kings (each of the
// library's leapers, `meta.pieces`: its squares, a list) and knight-method, king-method (its
// method), piece (the kind the method picker shows); the page opens with a knight on d4 and
// nothing else, which is the empty fragment, so the empty board is p=0x0000000000000000; older
// links' p and m (the pieces of the picked kind and its method) and q and qm (the other
// kind's) still read as they did. Then n (numbering), o (second board), t (fork targets), tool, fen,
// from and to (the fill panel), tour, ts and tc (the tour's board, start and closed), rooks,
// bishops and queens (square lists: the sliding pieces), black (the squares of the black
// pieces; the others are white), side (the side of the next piece), s (the highlighted step,
// from 1), fk (the fill step), i=0 (no bit indices), a (the picture's arrows), cm (the count
// method), ci, cf and ct (the converter's input, from and to), ck, cp, cs, cw and race=1 (the
// pawn race's inputs, and its answer shown), help=1 (the keyboard help open), keys=0 (the
// single-letter keys off), as (whose attacks the board shows). Links
// written before the page knew two kinds at once (b, p, piece, m, …) read as they always did.

import {
  ZERO, SLIDERS, ARROWS_FORKS, DEFAULT_FEN, DEFAULT_TOUR, DEFAULT_CONVERT, DEFAULT_CATCH, START_KNIGHT, SIDES, bits, squaresOf, defaultStart,
  methodsFor, kinds, tools, arrowSets,
} from './state.js';
import { isSquare } from './squares.js';

/** The catch panel's inputs and their keys in a link. */
const CATCH_KEYS = Object.freeze({ knight: 'ck', pawn: 'cp', side: 'cs', to_move: 'cw' });

/** The knight the page opens with (START_KNIGHT's square). */
const START_SQUARE = 'd4';

/** The kind the q and qm parameters name: the first leaper other than `kind`. */
const otherKind = (names, kind) => names.find((k) => k !== kind);

/** The fragment (without '#') that reproduces the model; '' for the page as it starts. */
export function encode(m) {
  const p = new URLSearchParams();
  const names = kinds(m);
  if (bits(m) !== ZERO) p.set('b', bits(m));
  // Each leaper's squares and method under its own name, so no other parameter (the tool, the
  // piece the picker shows) changes what a piece is.
  for (const k of names) if (squaresOf(m, k).length) p.set(`${k}s`, squaresOf(m, k).join(','));
  for (const k of names) if (m.methods[k] !== methodsFor(m, k)[0]) p.set(`${k}-method`, m.methods[k]);
  if (m.piece !== names[0]) p.set('piece', m.piece);
  for (const k of SLIDERS) if (m.sliders[k].length) p.set(k + 's', m.sliders[k].join(','));
  if (m.numbering !== 'a1-b1') p.set('n', m.numbering);
  if (m.other && m.other.bitboard !== ZERO) p.set('o', m.other.bitboard);
  // Targets that follow the pieces are the pieces': written only when edited by hand.
  if (m.forks && !m.forksFollow && m.forks.targets.bitboard !== ZERO) p.set('t', m.forks.targets.bitboard);
  const black = Object.keys(m.sides).filter((s) => m.sides[s] === 'black').sort();
  if (black.length) p.set('black', black.join(','));
  if (m.side !== 'white') p.set('side', m.side);
  if (m.tool !== 'paint') p.set('tool', m.tool);
  if (m.step >= 0) p.set('s', String(m.step + 1));
  if (!m.indices) p.set('i', '0');
  if (m.arrows !== ARROWS_FORKS) p.set('a', m.arrows);
  if (m.countMethod !== 'hardware') p.set('cm', m.countMethod);
  const c = m.convertForm;
  if (c.input !== DEFAULT_CONVERT.input) p.set('ci', c.input);
  if (c.from !== DEFAULT_CONVERT.from) p.set('cf', c.from);
  if (c.to !== DEFAULT_CONVERT.to) p.set('ct', c.to);
  if (m.position && m.position.fen !== DEFAULT_FEN) p.set('fen', m.position.fen);
  // The pawn race: its inputs as left, and whether it was asked (its answer is shown again).
  const race = m.catch ? m.catch.params : m.catchForm;
  for (const [k, key] of Object.entries(CATCH_KEYS)) if (race[k] !== DEFAULT_CATCH[k]) p.set(key, race[k]);
  if (m.catch) p.set('race', '1');
  if (m.help) p.set('help', '1');
  if (!m.letterKeys) p.set('keys', '0');
  if (m.attacksShown !== 'both') p.set('as', m.attacksShown);
  if (m.fill.from) p.set('from', m.fill.from);
  if (m.fill.from && m.fill.to) p.set('to', m.fill.to);
  if (m.fill.from && m.fill.k > 0) p.set('fk', String(m.fill.k));
  if (m.tour) {
    const t = m.tour.params;
    if (t.board !== DEFAULT_TOUR.board || t.start !== DEFAULT_TOUR.start || t.closed !== DEFAULT_TOUR.closed) {
      p.set('tour', t.board);
      if (t.start !== defaultStart(t.board.split('x')[0])) p.set('ts', t.start);
      if (t.closed) p.set('tc', '1');
    }
  }
  // The page as it opens (a knight on d4 and the knight tool, nothing else) is the empty
  // fragment; the empty board says so.
  const text = p.toString();
  if (text === `knights=${START_SQUARE}&tool=knight`) return '';
  return text || `p=${ZERO}`;
}

/**
 * What a fragment asks for, with names the pickers do not offer (per `meta`) replaced by the
 * defaults. Bitboards stay as written: the library reads (or refuses) them.
 * `{ bits, pieces: { knight, king }, piece, methods, numbering, tool, other, targets, fen,
 *    from, to, tour, …, dropped }`; pieces of a kind are null when there are none. `dropped`
 * names each value the page cannot use, with the panel whose control it was meant for:
 * `[{ panel, text }]` (a link's mistakes are said, never dropped silently).
 */
export function decode(fragment, meta) {
  const p = new URLSearchParams(String(fragment || '').replace(/^#/, ''));
  const dropped = [];
  const drop = (panel, key, why) => dropped.push({ panel, text: `from the link: ${key}=${p.get(key)} ${why}` });
  const known = { meta };
  const names = kinds(known);
  const toolNames = tools(known);
  if (p.has('tool') && !toolNames.includes(p.get('tool'))) drop('board', 'tool', `is not a tool (${toolNames.join(', ')})`);
  const tool = toolNames.includes(p.get('tool')) ? p.get('tool') : 'paint';
  // A piece tool picks its own kind; otherwise the kind the link names (the first leaper by default).
  if (p.has('piece') && !names.includes(p.get('piece'))) drop('steps', 'piece', `is not a piece with methods (${names.join(', ')})`);
  const piece = names.includes(tool) ? tool : names.includes(p.get('piece')) ? p.get('piece') : names[0];
  const other = otherKind(names, piece);
  const offered = (kind) => methodsFor(known, kind);
  const methods = Object.fromEntries(names.map((k) => [k, offered(k)[0]]));
  const pieces = Object.fromEntries(names.map((k) => [k, null]));
  if (offered(piece).includes(p.get('m'))) methods[piece] = p.get('m');
  if (p.has('m') && methods[piece] !== p.get('m')) drop('steps', 'm', `is not a ${piece} method`);
  if (p.get('p') && p.get('p') !== ZERO) pieces[piece] = p.get('p');
  if (other) {
    if (offered(other).includes(p.get('qm'))) methods[other] = p.get('qm');
    if (p.has('qm') && methods[other] !== p.get('qm')) drop('steps', 'qm', `is not a ${other} method`);
    if (p.get('q') && p.get('q') !== ZERO) pieces[other] = p.get('q');
  }
  // Each leaper's own squares and method (knights=d4,e5, knight-method=prefix), named so no
  // other parameter changes them; they win over the older p, q, m and qm.
  for (const k of names) {
    const key = `${k}s`;
    if (p.has(key)) {
      const list = p.get(key).split(',').filter(Boolean);
      const bad = list.filter((name) => !isSquare(name));
      if (bad.length) drop('board', key, `leaves out ${bad.join(', ')} (not a square)`);
      const good = list.filter(isSquare);
      pieces[k] = good.length ? good.join(',') : null;
    }
    const mk = `${k}-method`;
    if (p.has(mk)) {
      if (offered(k).includes(p.get(mk))) methods[k] = p.get(mk);
      else drop('steps', mk, `is not a ${k} method`);
    }
  }
  // The page opens as the wiki does, with a knight on d4 and the knight tool (a click places or
  // removes a knight): that is the empty fragment.
  const opening = ![...p.keys()].length;
  if (opening) pieces.knight = START_KNIGHT;
  // Sliders: square names, each square holding one piece (the first kind named keeps it).
  const sliders = {};
  const taken = new Set();
  for (const k of SLIDERS) {
    sliders[k] = [];
    const bad = [];
    for (const name of (p.get(k + 's') || '').split(',')) {
      if (isSquare(name) && !taken.has(name)) { taken.add(name); sliders[k].push(name); } else if (name) bad.push(name);
    }
    if (bad.length) drop('board', k + 's', `leaves out ${bad.join(', ')} (not a square, or a square already taken)`);
  }
  const sides = {};
  const notSquares = [];
  for (const name of (p.get('black') || '').split(',')) if (isSquare(name)) sides[name] = 'black'; else if (name) notSquares.push(name);
  if (notSquares.length) drop('board', 'black', `leaves out ${notSquares.join(', ')} (not a square)`);
  if (p.has('side') && !SIDES.includes(p.get('side'))) drop('board', 'side', `is not a side (${SIDES.join(', ')})`);
  const count = (key, panel) => {
    if (!p.has(key)) return 0;
    if (/^[1-9]\d{0,3}$/.test(p.get(key))) return Number(p.get(key));
    drop(panel, key, 'is not a step number (1, 2, …)');
    return 0;
  };
  const named = (key, list, fallback, panel) => {
    if (list.includes(p.get(key))) return p.get(key);
    if (p.has(key)) drop(panel, key, `is not one of ${list.join(', ')}`);
    return fallback;
  };
  const square = (key) => {
    if (isSquare(p.get(key))) return p.get(key);
    if (p.has(key)) drop('fill', key, 'is not a square (a1 … h8)');
    return null;
  };
  const from = square('from');
  const to = from && square('to') !== from ? square('to') : null;
  if (p.has('n') && !meta.numberings.includes(p.get('n'))) drop('board', 'n', `is not a numbering (${meta.numberings.join(', ')})`);
  const size = /^(\d+)x(\d+)$/.exec(p.get('tour') || '');
  if (p.has('tour') && !size) drop('tour', 'tour', 'is not a board size (files x ranks, such as 8x8)');
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
    tool: opening ? 'knight' : tool,
    side: p.get('side') === 'black' ? 'black' : 'white',
    sides,
    step: count('s', 'steps'),
    fillStep: count('fk', 'fill'),
    indices: p.get('i') !== '0',
    arrows: named('a', arrowSets(known), ARROWS_FORKS, 'position'),
    countMethod: named('cm', meta.count_methods, 'hardware', 'convert'),
    convert: {
      input: p.has('ci') ? p.get('ci') : DEFAULT_CONVERT.input,
      from: named('cf', meta.numberings, DEFAULT_CONVERT.from, 'convert'),
      to: named('ct', meta.numberings, DEFAULT_CONVERT.to, 'convert'),
    },
    other: p.get('o') || ZERO,
    targets: p.get('t') || ZERO,
    fen: p.get('fen') || DEFAULT_FEN,
    catchForm: {
      knight: p.has('ck') ? p.get('ck') : DEFAULT_CATCH.knight,
      pawn: p.has('cp') ? p.get('cp') : DEFAULT_CATCH.pawn,
      side: named('cs', SIDES, DEFAULT_CATCH.side, 'catch'),
      to_move: named('cw', ['knight', 'pawn'], DEFAULT_CATCH.to_move, 'catch'),
    },
    catchAsked: p.get('race') === '1',
    help: p.get('help') === '1',
    letterKeys: p.get('keys') !== '0',
    attacksShown: named('as', ['both', ...SIDES], 'both', 'board'),
    from,
    to,
    tour,
    dropped,
  };
}
