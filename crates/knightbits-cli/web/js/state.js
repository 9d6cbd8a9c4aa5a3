// The page's state: one plain object, replaced (never edited) by the pure functions below.
// Nothing here touches the DOM or the network: actions ask the library (api.js), then hand
// its answers to one of these transitions, and the panels draw whatever model results.
//
// The main board is three layers that never overwrite one another: the painted bits (`view`,
// the library's answer for them, which the hex field shows), the pieces placed on it (`pieces`
// and `sliders`, each with its side in `sides`) and the sets computed from the pieces
// (`attacks`, `rays`). Placing or removing a piece leaves the painted bits as they are; typing a
// value replaces the painted bits and leaves the pieces. A click on the board does what the
// selected `tool` says; choosing a tool never changes what is on the board.

import { offset } from './squares.js';

export const ZERO = '0x0000000000000000';
/**
 * The sliding pieces: no methods to step through, their rays stop at the first piece. The page
 * names them itself (they are not leapers); the leapers, their glyphs, tool keys and methods
 * come from the library (`meta.pieces`, see kinds below).
 */
export const SLIDERS = Object.freeze(['rook', 'bishop', 'queen']);
const SLIDER_GLYPH = Object.freeze({ rook: '♜', bishop: '♝', queen: '♛' });
const SLIDER_KEY = Object.freeze({ rook: 'r', bishop: 'b', queen: 'q' });
export const NO_SLIDERS = Object.freeze({ rook: Object.freeze([]), bishop: Object.freeze([]), queen: Object.freeze([]) });
export const DEFAULT_FEN = 'q3k2r/3p4/8/3N4/8/8/8/4K3 w - - 0 1';
export const DEFAULT_TOUR = Object.freeze({ board: '8x8', start: 'a1', closed: false });
/** The position picture's arrows: the forks, or one leaper's moves (`arrowSets`). */
export const ARROWS_FORKS = 'forks';
export const SIDES = Object.freeze(['white', 'black']);
/** The page opens as the wiki's Knight Pattern page does: a knight on d4. */
export const START_KNIGHT = '0x0000000008000000';
/** The directions a slide takes: the arrow keys' names, and the devlog's A and D (west, east). */
export const DIRECTION_STEP = Object.freeze({ north: [0, 1], south: [0, -1], east: [1, 0], west: [-1, 0] });
export const SLIDE_KEYS = Object.freeze({ a: 'west', d: 'east' });
/** The boxes' names, as the page says them in a message. */
export const FIELD_NAMES = Object.freeze({ hex: 'Hex', dec: 'Decimal', bin: 'Binary', hex2: 'Second board hex' });
/** The converter's inputs at their defaults: the wiki's knight pattern around c3, read from h1-g1. */
export const DEFAULT_CONVERT = Object.freeze({ input: '0xA1100110A', from: 'h1-g1', to: 'a1-b1' });

/** The catch panel's inputs at their defaults: the wiki's example, knight d8 against a pawn on a5. */
export const DEFAULT_CATCH = Object.freeze({ knight: 'd8', pawn: 'a5', side: 'white', to_move: 'knight' });

/** The tour panel's inputs at their defaults. */
export const DEFAULT_TOUR_FORM = Object.freeze({ w: '8', h: '8', start: 'a1', closed: false });

const NO_PIECES = Object.freeze({});
const NO_FILL = Object.freeze({ from: null, to: null, k: 0, fills: [], distances: null, path: null });

/** The page before anything is loaded. */
export function initial() {
  return {
    meta: null,            // /api/meta: the names the pickers offer
    tool: 'paint',         // what a click on the main board does: paint, knight or king
    piece: null,           // the kind whose method the method picker shows (the last piece tool; the first leaper once meta is in)
    side: 'white',         // the side of the next piece placed
    sides: {},             // square -> 'black' for each black piece (a piece not named is white)
    methods: {},           // per leaper: its method's name (lookup until meta and the link say otherwise)
    numbering: 'a1-b1',
    indices: true,         // bit indices drawn on the squares
    countMethod: 'hardware',
    view: null,            // /api/show (or /api/op) answer for the main board's bits
    pieces: NO_PIECES,     // per leaper: the /api/explore answer for those pieces, or null (or absent) for none
    sliders: NO_SLIDERS,   // rooks, bishops and queens: per kind, the squares they stand on
    rays: null,            // /api/slider-attacks answer for them (every piece blocks), or null
    attacks: null,         // the pieces' attack set (bitboard, count): every kind's together
    bySide: null,          // each side's attacks apart (side -> kind -> squares, `slider` the rays), when both sides have pieces
    attacksShown: 'both',  // whose attacks the board draws: 'both', 'white' or 'black'
    forked: [],            // knight forks on the board: [{ from, targets }] (targets: the enemy pieces it attacks, 2 or more)
    overlay: {},           // squares painted whose request is on its way: name -> { value, batch }
    step: -1,              // -1: every step; else the highlighted one (an index into allSteps)
    cursor: 'd4',          // the main board's keyboard cursor
    selected: null,        // the square of the piece picked up to be moved (a click, Enter), or null
    editing: null,         // the number field being typed in ('hex', 'dec', 'bin'), left as typed
    invalid: {},           // control id -> its refusal's message (true: refused as typed, no message yet)
    error: null,           // the error line
    hint: null,            // a hint flashed over the tool's own, or null
    other: null,           // second board: /api/show answer
    forks: null,           // fork panel: { targets: /api/show answer, forks: /api/fork-squares answer }
    forksFollow: true,     // the fork panel's targets follow the placed pieces (until edited by hand)
    position: null,        // { fen, forks, knight, king }: the position panel's answers
    fenError: null,
    arrows: 'forks',       // which moves the position picture draws
    fill: NO_FILL,         // fill, distance and path panel
    tourForm: { ...DEFAULT_TOUR_FORM }, // the tour panel's inputs as typed: { w, h, start, closed }
    tour: null,            // { params: { board, start, closed }, answer, svg, error }: answer and
                           // svg are null when the library refused (error says why)
    errors: {},            // a panel's own error line, next to its controls: panel -> message
    convert: null,         // { text } of the converter, or null
    convertForm: { ...DEFAULT_CONVERT }, // the converter's inputs: { input, from, to }
    catchForm: { ...DEFAULT_CATCH }, // the catch panel's inputs: { knight, pawn, side, to_move }
    catch: null,           // its answer: { params, answer, error } (answer null when refused), or null when not asked
    help: false,           // the keyboard help open
    letterKeys: true,      // the single-letter keys on (WCAG 2.1.4: they can be turned off)
    latency: null,         // milliseconds of the last interaction
  };
}

// ---- reading the model -------------------------------------------------------------------------

/** The leapers the library has (`meta.pieces`), in its order: the page's piece kinds with methods. */
export function kinds(m) { return m.meta ? m.meta.pieces.map((p) => p.name) : []; }

/** What a click can do: paint, then each leaper's tool (from meta), then the sliders'. */
export function tools(m) { return ['paint', ...kinds(m), ...SLIDERS]; }

/** The position picture's arrow choices: the forks, then each leaper's moves. */
export function arrowSets(m) { return [ARROWS_FORKS, ...kinds(m)]; }

/** A piece kind's glyph: a leaper's from the library, a slider's the page's own. */
export function glyph(m, kind) {
  const piece = m.meta && m.meta.pieces.find((p) => p.name === kind);
  return piece ? piece.glyph : SLIDER_GLYPH[kind] || '';
}

/** The key that picks a tool: a leaper's letter from the library, a slider's, P for paint. */
export function toolKey(m, tool) {
  if (tool === 'paint') return 'p';
  const piece = m.meta && m.meta.pieces.find((p) => p.name === tool);
  return piece ? piece.key : SLIDER_KEY[tool] || null;
}

/** The tool a key picks, or null. */
export function toolOfKey(m, key) { return tools(m).find((t) => toolKey(m, t) === key) || null; }

/** A kind's name as a label starts: "Knight". */
export function title(kind) { return kind ? kind[0].toUpperCase() + kind.slice(1) : ''; }

/** The main board's bits as canonical hex. */
export function bits(m) { return m.view ? m.view.bitboard : ZERO; }

/** The squares holding pieces of `kind`. */
export function squaresOf(m, kind) { return m.pieces[kind] ? m.pieces[kind].pieces.squares : []; }

/** The kinds that have pieces on the board, knights first. */
export function kindsOnBoard(m) { return kinds(m).filter((k) => squaresOf(m, k).length > 0); }

/** The kind of piece on a square (a knight, king, rook, bishop or queen), or null. */
export function pieceAt(m, name) {
  return kinds(m).find((k) => squaresOf(m, k).includes(name)) || SLIDERS.find((k) => m.sliders[k].includes(name)) || null;
}

/** The side of the piece on a square: 'white' or 'black' (null for an empty square). */
export function sideAt(m, name) { return pieceAt(m, name) ? (m.sides[name] === 'black' ? 'black' : 'white') : null; }

/** Every piece on the board: [{ square, kind, side }], a1 first. */
export function placed(m) {
  const out = [];
  const leapers = kinds(m);
  for (const k of [...leapers, ...SLIDERS]) {
    for (const square of leapers.includes(k) ? squaresOf(m, k) : m.sliders[k]) out.push({ square, kind: k, side: sideAt(m, square) });
  }
  return out;
}

/** The sides after a piece is placed on `name` by side `side` (white pieces are not listed). */
export function sidePlaced(sides, name, side) {
  const next = { ...sides };
  if (side === 'black') next[name] = 'black'; else delete next[name];
  return next;
}

/** Only the sides of squares that still hold a piece. */
function sidesKept(m) {
  const next = {};
  for (const [name, side] of Object.entries(m.sides)) if (pieceAt(m, name)) next[name] = side;
  return next;
}

/**
 * A square's accessible name: its name, then what is on it and what it is, as the board shows
 * it ("d4, white knight", "c3, attacked by a knight", "e5, set"), then the bit index drawn on
 * it (`bit`, when the indices are shown).
 */
export function squareLabel(m, name, bit) {
  const parts = [name];
  const kind = pieceAt(m, name);
  if (kind) parts.push(`${sideAt(m, name)} ${kind}`);
  if (m.selected === name) parts.push('picked up');
  if (m.forked.some((f) => f.targets.includes(name))) parts.push('forked');
  if (m.forked.some((f) => f.from === name)) parts.push('forking');
  if (isSet(m, name)) parts.push('set');
  // Who attacks the square, side by side: a piece's own side defends it, the other attacks it.
  const own = kind ? sideAt(m, name) : null;
  const sets = attackSets(m);
  for (const side of SIDES) {
    const by = attackersOf(m, sets[side], name).map((who) => `a ${side} ${who}`);
    if (by.length) parts.push(`${own === side ? 'defended' : 'attacked'} by ${by.join(' and ')}`);
  }
  // The bit index drawn on the square, in the board's numbering, when it is drawn.
  if (bit !== undefined && bit !== null) parts.push(`bit ${bit}`);
  return parts.join(', ');
}

/** The kinds (and "rook, bishop or queen" for the rays) whose attacks in `sets` reach `name`. */
function attackersOf(m, sets, name) {
  if (!sets) return [];
  const who = kinds(m).filter((k) => (sets[k] || []).includes(name));
  if ((sets.slider || []).includes(name)) who.push('rook, bishop or queen');
  return who;
}

/**
 * Each side's attacks apart: side -> kind -> squares attacked (`slider`: the rays). With pieces
 * of one side only, the whole sets are that side's.
 */
export function attackSets(m) {
  if (m.bySide) return m.bySide;
  const side = placed(m).length ? placed(m)[0].side : 'white';
  const sets = { slider: raySquares(m) };
  for (const k of kinds(m)) sets[k] = m.pieces[k] ? m.pieces[k].squares : [];
  return { [side]: sets };
}

/** The squares the board marks as attacked by `kind` (or `slider`): the sides shown (`attacksShown`). */
export function shownAttacks(m, kind) {
  const sets = attackSets(m);
  return SIDES.filter((s) => m.attacksShown === 'both' || m.attacksShown === s).flatMap((s) => (sets[s] && sets[s][kind]) || []);
}

/** Whose attacks the board draws: 'both', 'white' or 'black'. */
export function showAttacks(m, who) { return ['both', ...SIDES].includes(who) && who !== m.attacksShown ? { ...m, attacksShown: who } : m; }

/** The pieces a knight fork is about: the library's fork targets (`meta.fork_targets`: kings, queens and rooks). */
export function forkKinds(m) { return m.meta ? m.meta.fork_targets : []; }

/**
 * The pieces a knight attacks that could be forked: kings, queens and rooks of the other side
 * on the squares `attacked` (the library's answer for that knight alone); a fork when 2 or more.
 */
export function forkTargets(m, knight, attacked) {
  const side = sideAt(m, knight);
  const kinds = forkKinds(m);
  return attacked.filter((s) => kinds.includes(pieceAt(m, s)) && sideAt(m, s) !== side);
}

/** The knights on the board whose attacks reach two or more pieces of the other side. */
export function knightForks(m, attackedBy) {
  return squaresOf(m, 'knight')
    .map((from) => ({ from, targets: forkTargets(m, from, attackedBy[from] || []) }))
    .filter((f) => f.targets.length >= 2);
}

/** The fork panel's targets from the placed pieces: the other side's kings, queens and rooks (against the first knight's side). */
export function pieceTargets(m) {
  const knight = squaresOf(m, 'knight')[0];
  const own = knight ? sideAt(m, knight) : 'white';
  const kinds = forkKinds(m);
  return placed(m).filter((p) => p.side !== own && kinds.includes(p.kind)).map((p) => p.square);
}

/** Whether any knight or king is on the board (the pieces that slide with the arrow keys). */
export function hasPieces(m) { return kindsOnBoard(m).length > 0; }

/** How many rooks, bishops and queens stand on the board. */
export function sliderCount(sliders) { return SLIDERS.reduce((n, k) => n + sliders[k].length, 0); }

/** The squares under the rays: every slider's attacks, or none. */
export function raySquares(m) { return m.rays ? m.rays.attacks.squares : []; }

/** Sliders after a click with a slider tool: a piece of that kind there goes; else one is placed, and any other slider there makes way. */
export function sliderToggled(sliders, name, kind) {
  const next = {};
  for (const k of SLIDERS) {
    const here = sliders[k].filter((s) => s !== name);
    next[k] = k === kind && !sliders[k].includes(name) ? [...here, name] : here;
  }
  return next;
}

/**
 * The pieces, sliders and sides a list of pieces (`[{ square, kind, side }]`, one per square)
 * makes: `{ placed, sliders, sides }`, `placed` giving each leaper kind that has or had pieces
 * its squares (the kinds to trace again).
 */
export function arrangement(m, list) {
  const placedBy = {};
  for (const k of kinds(m)) {
    const squares = list.filter((p) => p.kind === k).map((p) => p.square);
    if (squares.length || squaresOf(m, k).length) placedBy[k] = squares;
  }
  const sliders = {};
  for (const k of SLIDERS) sliders[k] = list.filter((p) => p.kind === k).map((p) => p.square);
  const sides = {};
  for (const p of list) if (p.side === 'black') sides[p.square] = 'black';
  return { placed: placedBy, sliders, sides };
}

/**
 * Every piece after the one on `from` moved to `to` (as on a chess site: a piece standing on
 * `to` is taken), or null when `from` is empty or the move goes nowhere.
 */
export function pieceMoved(m, from, to) {
  const kind = pieceAt(m, from);
  if (!kind || from === to) return null;
  const rest = placed(m).filter((p) => p.square !== from && p.square !== to);
  return [...rest, { square: to, kind, side: sideAt(m, from) }];
}

/**
 * The pieces of a position (`[{ square, piece }]`, FEN letters: upper case white) as the main
 * board holds them, `{ list, left }`: `list` the pieces of a kind the board has (its leapers'
 * keys, r, b, q), `left` the letters of those it has not (pawns).
 */
export function fenPieces(m, pieces) {
  const list = [];
  const left = [];
  for (const { square, piece } of pieces) {
    const tool = toolOfKey(m, piece.toLowerCase());
    if (tool && tool !== 'paint') list.push({ square, kind: tool, side: piece === piece.toUpperCase() ? 'white' : 'black' });
    else left.push(piece);
  }
  return { list, left };
}

/** Every piece but the one on `name`. */
export function pieceRemoved(m, name) { return placed(m).filter((p) => p.square !== name); }

/** A piece picked up to be moved (its square), or none (null). */
export function select(m, name) {
  const want = name && pieceAt(m, name) ? name : null;
  return want === m.selected ? m : { ...m, selected: want };
}

/** Sliders with any one on `name` taken off (a knight or king placed there). */
export function sliderRemoved(sliders, name) {
  if (!SLIDERS.some((k) => sliders[k].includes(name))) return sliders;
  const next = {};
  for (const k of SLIDERS) next[k] = sliders[k].filter((s) => s !== name);
  return next;
}

/** The squares the leapers stand on, from their answers per kind (null: none). */
export function occupiedBy(stepped) {
  return Object.values(stepped).flatMap((a) => (a ? a.pieces.squares : []));
}

/** The /api/slider-attacks parameters: the sliders, and the other pieces as blockers. */
export function sliderParams(sliders, occupied) {
  const list = (squares) => (squares.length ? squares.join(',') : '0');
  return { rooks: list(sliders.rook), bishops: list(sliders.bishop), queens: list(sliders.queen), occupied: list(occupied) };
}

/** Whether a square shows as set: its pending paint if any, else the board's bits. */
export function isSet(m, name) {
  const o = m.overlay[name];
  if (o) return o.value === '1';
  return Boolean(m.view && m.view.squares.includes(name));
}

/** Every step of every kind on the board, in order: { kind, step }. */
export function allSteps(m) {
  const out = [];
  for (const kind of kindsOnBoard(m)) for (const step of m.pieces[kind].steps) out.push({ kind, step });
  return out;
}

/** The highlighted step, or null when every step is shown. */
export function currentStep(m) {
  if (m.step < 0) return null;
  const all = allSteps(m);
  return all[m.step] || null;
}

/**
 * The highlighted step after the steps were traced again by another method (`before` the
 * model before): the step of the same kind and name if the new method has one, else every
 * step (never an unrelated step at the old number).
 */
export function sameStep(before, after) {
  const cur = currentStep(before);
  const i = cur ? allSteps(after).findIndex((s) => s.kind === cur.kind && s.step.name === cur.step.name) : -1;
  return i === after.step ? after : { ...after, step: i };
}

/** The methods the picker offers for a kind: the library's list for that piece (`meta.pieces`). */
export function methodsFor(m, kind) {
  const piece = m.meta && m.meta.pieces.find((p) => p.name === kind);
  return piece ? piece.methods : ['lookup'];
}

/** What the pieces panel says about the pieces: "knights on b1 g1", "no pieces placed". */
export function piecesText(m) {
  const kinds = [...kindsOnBoard(m), ...SLIDERS.filter((k) => m.sliders[k].length)];
  const parts = kinds.map((k) => {
    const sq = SLIDERS.includes(k) ? m.sliders[k] : squaresOf(m, k);
    return `${k}${sq.length > 1 ? 's' : ''} on ${sq.join(' ')}`;
  });
  return parts.length ? parts.join(', ') : 'no pieces placed';
}

/** The stepper's line: every step and the squares they add up to, or the highlighted step. */
export function stepLabel(m) {
  const all = allSteps(m);
  if (!all.length) return 'no pieces';
  const mixed = kindsOnBoard(m).length > 1;
  const cur = currentStep(m);
  if (!cur) {
    return `${all.length === 1 ? 'the 1 step' : `all ${all.length} steps`} → ${m.attacks ? m.attacks.count : 0} squares`;
  }
  return `step ${m.step + 1} of ${all.length}: ${mixed ? glyph(m, cur.kind) + ' ' : ''}${cur.step.name}`;
}

/** The highlighted step's cells (one character per square, a1 first), or null. */
export function ringCells(m) {
  const cur = currentStep(m);
  return cur ? cur.step.cells : null;
}

// ---- planning requests ---------------------------------------------------------------------------

/** The /api/explore requests for the pieces of each kind in `placed` (kind -> square names). */
export function exploreRequests(m, placed) {
  return Object.entries(placed).map(([kind, squares]) => ({
    kind,
    params: { input: squares.length ? squares.join(',') : ZERO, piece: kind, method: m.methods[kind], numbering: m.numbering },
  }));
}

/**
 * Where the knights and kings stand after an edit, for the kinds to trace again (kind ->
 * square names); the page keeps its pieces, the library traces the pieces it is given:
 * - `{ toggle: square, kind }`: a click with a piece tool (`kind`: knight, king or a slider).
 *   A knight or king of that kind there goes, otherwise one is placed; a piece of another kind
 *   there makes way.
 * - nothing: the pieces again (their method changed).
 * Kinds without pieces and untouched are left out.
 */
export function piecesAfter(m, edit) {
  const out = {};
  for (const kind of kinds(m)) {
    const here = squaresOf(m, kind);
    const name = edit && edit.toggle;
    const there = Boolean(name) && here.includes(name);
    if (there) out[kind] = here.filter((s) => s !== name);
    else if (name && kind === edit.kind) out[kind] = [...here, name];
    else if (here.length) out[kind] = here;
  }
  return out;
}

/** The requests that trace the pieces again after an edit (see piecesAfter): [{ kind, params }]. */
export function pieceRequests(m, edit) { return exploreRequests(m, piecesAfter(m, edit)); }

/** The /api/slide requests that move each kind's pieces one step `by`: [{ kind, params }]. */
export function slideRequests(m, by) {
  return kindsOnBoard(m).map((kind) => ({ kind, params: { squares: m.pieces[kind].pieces.bitboard, by } }));
}

/** Whether every slide answer moved (a slide moves all pieces or none). */
export function allMoved(slides) { return slides.every((s) => s.moved); }

/** Where the pieces stand after the slides `answers` to `requests`: kind -> square names. */
export function slidTo(requests, answers) {
  return Object.fromEntries(requests.map((r, i) => [r.kind, answers[i].squares]));
}

/**
 * How the board's view follows from the pieces' answers: `{ view }` when one answer already
 * holds it (one kind, or none left), or `{ union: [a, b] }` when the attack sets of two kinds
 * must be joined by the library.
 */
export function boardFromPieces(answers) {
  const placed = Object.values(answers).filter((a) => a && a.pieces.squares.length);
  if (placed.length > 1) return { union: placed.map((a) => a.bitboard) };
  const any = placed[0] || Object.values(answers).find(Boolean);
  return { view: any ? any.view : null };
}

// ---- transitions: the main board -------------------------------------------------------------------

/** The library's names in: each leaper gets a method it has (its first, lookup, by default). */
export function withMeta(m, meta) {
  const methods = {};
  for (const { name, methods: offered } of meta.pieces) methods[name] = offered.includes(m.methods[name]) ? m.methods[name] : offered[0];
  const countMethod = meta.count_methods.includes(m.countMethod) ? m.countMethod : meta.count_methods[0];
  const names = meta.pieces.map((p) => p.name);
  const piece = names.includes(m.piece) ? m.piece : names[0];
  return { ...m, meta, methods, countMethod, piece };
}

/** Choosing a tool: only what the next click does (and which kind's method is picked). */
export function setTool(m, tool) {
  if (!tools(m).includes(tool) || tool === m.tool) return m;
  return { ...m, tool, piece: kinds(m).includes(tool) ? tool : m.piece, hint: null };
}

/** The method for one kind of piece. */
export function setMethod(m, kind, method) {
  if (!methodsFor(m, kind).includes(method) || m.methods[kind] === method) return m;
  return { ...m, methods: { ...m.methods, [kind]: method } };
}

/** The bits edited (paint, whole-board ops, the second board): the pieces stay. */
export function bitsEdited(m, view) { return { ...m, view }; }

/**
 * The painted bits replaced by other bits (typed, or brought from a panel): the pieces, their
 * attacks and the highlighted step stay; they are a layer of their own.
 */
export function boardReplaced(m, view) { return { ...m, view }; }

/** Clear: no painted bits, no pieces, nothing computed from them. */
export function cleared(m, view) {
  return { ...m, view, pieces: NO_PIECES, sliders: NO_SLIDERS, sides: {}, forked: [], rays: null, attacks: null, bySide: null, step: -1, selected: null };
}

/** The side of the next piece placed. */
export function setSide(m, side) { return SIDES.includes(side) && side !== m.side ? { ...m, side } : m; }

/** The same bits seen in another numbering. */
export function numbered(m, numbering, view) { return { ...m, numbering, view }; }

/**
 * The pieces recomputed: `answers` per kind (absent: unchanged; kinds left without pieces hold
 * null) and `attacks`, the view of the knights' and kings' attack set, a layer over the painted
 * bits (which stay). `sides`: the pieces' sides after the edit (else kept for the squares that
 * still hold a piece). The highlighted step stays if it still exists; after a slide the cursor
 * follows a lone piece. `bySide`: each side's attacks apart (see attackSets), when both have pieces.
 */
export function piecesAnswered(m, answers, attacks, { slid = false, sliders, rays, sides, attackedBy, bySide } = {}) {
  const next = withPieces(m, answers, attacks);
  next.selected = null;
  if (sliders) {
    next.sliders = sliders;
    next.rays = sliderCount(sliders) ? rays : null;
  }
  next.sides = sides || m.sides;
  next.sides = sidesKept(next);
  next.forked = knightForks(next, attackedBy || {});
  next.bySide = bySide || null;
  const onBoard = kinds(next).flatMap((k) => squaresOf(next, k));
  if (slid && onBoard.length === 1) next.cursor = onBoard[0];
  return next;
}

/**
 * The sides after every knight and king moved `df` files and `dr` ranks (a slide): each keeps
 * its side; rooks, bishops and queens stay where they are.
 */
export function sidesSlid(m, df, dr) {
  const next = {};
  for (const [name, side] of Object.entries(m.sides)) {
    const kind = pieceAt(m, name);
    if (!kind) continue;
    if (SLIDERS.includes(kind)) { next[name] = side; continue; }
    const to = offset(name, df, dr);
    if (to) next[to] = side;
  }
  return next;
}

function withPieces(m, answers, attacks) {
  const pieces = { ...m.pieces };
  for (const [kind, a] of Object.entries(answers)) pieces[kind] = a && a.pieces.squares.length ? a : null;
  const next = { ...m, pieces };
  next.attacks = hasPieces(next) && attacks ? { bitboard: attacks.bitboard, count: attacks.count, squares: attacks.squares } : null;
  if (next.step >= allSteps(next).length) next.step = -1;
  return next;
}

/** A square painted at once, before the library confirms it. */
export function painted(m, name, value, batch) {
  return { ...m, overlay: { ...m.overlay, [name]: { value, batch } } };
}

/** A paint batch answered: the board is the answer, its squares no longer pending. */
export function paintDone(m, view, batch) {
  const overlay = {};
  for (const [name, o] of Object.entries(m.overlay)) if (o.batch !== batch) overlay[name] = o;
  return { ...m, view, overlay };
}

/** A paint batch refused: its squares show the board again. */
export function paintFailed(m, batch) { return paintDone(m, m.view, batch); }

export function setIndices(m, on) { return { ...m, indices: Boolean(on) }; }
export function setCountMethod(m, method) { return { ...m, countMethod: method }; }
export function moveCursor(m, name) { return name === m.cursor ? m : { ...m, cursor: name }; }

/** The stepper: -1 (every step), then each step in turn, wrapping both ways. */
export function stepBy(m, d) {
  const n = allSteps(m).length;
  if (!n) return m;
  let k = m.step + d;
  if (k < -1) k = n - 1;
  if (k >= n) k = -1;
  return { ...m, step: k };
}

// ---- transitions: fields, errors, hints ------------------------------------------------------------

export function typing(m, field) { return m.editing === field ? m : { ...m, editing: field }; }
/** The boxes that show the main board's bits: a value the board takes makes them right again. */
export const BOARD_FIELDS = Object.freeze(['hex', 'dec', 'bin']);
/** Controls (`ids`) no longer refused. */
export function fieldValid(m, ...ids) {
  if (!ids.some((id) => m.invalid[id])) return m;
  const invalid = { ...m.invalid };
  for (const id of ids) delete invalid[id];
  return { ...m, invalid };
}
/** A control refused (aria-invalid until it is fixed): `message` said under it (true: none yet). */
export function fieldInvalid(m, field, message = true) {
  if (m.invalid[field] === message || (message === true && m.invalid[field])) return m;
  return { ...m, invalid: { ...m.invalid, [field]: message } };
}
/** Esc in a box: its refusal forgotten, its text the board's again. */
export function fieldReset(m, field) {
  const next = fieldValid({ ...m, editing: null }, field);
  const about = next.error && next.error.startsWith(`The ${FIELD_NAMES[field]} box`);
  return about ? { ...next, error: null } : next;
}
/** Leaving a field: its text follows the board again unless it was refused. */
export function leftField(m, field) { return m.editing === field && !m.invalid[field] ? { ...m, editing: null } : m; }

/** An interaction answered: no error line, the board's boxes show the board. */
export function succeeded(m) {
  if (m.error === null && m.editing === null && !BOARD_FIELDS.some((f) => m.invalid[f])) return m;
  return fieldValid({ ...m, error: null, editing: null }, ...BOARD_FIELDS);
}
export function failed(m, message) { return { ...m, error: message }; }

export function flash(m, text) { return { ...m, hint: text }; }
export function unflash(m, text) { return m.hint === text ? { ...m, hint: null } : m; }
export function measured(m, ms) { return { ...m, latency: ms }; }

// ---- transitions: the other panels -----------------------------------------------------------------

export function otherShown(m, view) { return { ...m, other: view }; }
/**
 * The fork panel's targets and fork squares. `follow`: whether the targets follow the placed
 * pieces from now on (true: "Targets = placed pieces"; false: targets edited by hand; absent:
 * as before).
 */
export function forksShown(m, targets, forks, follow) {
  return { ...m, forks: { targets, forks }, forksFollow: follow === undefined ? m.forksFollow : follow };
}

/**
 * The targets the fork panel should show when it follows the placed pieces and they changed
 * (square names), or null when it shows them already or does not follow.
 */
export function followedTargets(m) {
  if (!m.forksFollow) return null;
  const want = [...pieceTargets(m)].sort();
  const have = m.forks ? [...m.forks.targets.squares].sort() : [];
  return want.join(',') === have.join(',') ? null : want;
}

/**
 * The fork moves of a position as a player reads them: [{ move, from, to, targets }], targets
 * being the opponent's king, queens and rooks (the library's fork targets) on the squares a
 * knight attacks from `to` (`attackedFrom[to]`, the library's answer).
 */
export function positionForks(pos, moves, attackedFrom) {
  const mover = pos.turn === 'black' ? 'black' : 'white';
  const royal = mover === 'white' ? 'kqr' : 'KQR';
  const at = Object.fromEntries(pos.pieces.map((p) => [p.square, p.piece]));
  return moves.map((move) => {
    const from = move.slice(0, 2);
    const to = move.slice(2, 4);
    const targets = (attackedFrom[to] || []).filter((s) => at[s] && royal.includes(at[s]));
    return { move, from, to, targets };
  });
}

export function positionLoaded(m, position) { return { ...m, position, fenError: null }; }
/**
 * A FEN refused: the reason is said beside the field, and the last position read stays drawn
 * with its moves and forks (the message says which position they are).
 */
export function positionFailed(m, message) {
  const kept = m.position ? ` The picture still shows the last position read: ${m.position.fen}` : '';
  return { ...m, fenError: `${message}.${kept}` };
}
export function setArrows(m, arrows) { return arrowSets(m).includes(arrows) ? { ...m, arrows } : m; }

export function fillCleared(m) { return { ...m, fill: NO_FILL }; }
export function fillFrom(m, from, fills, distances) {
  return { ...m, fill: { ...NO_FILL, from, fills, distances } };
}
export function fillTo(m, to, path) { return { ...m, fill: { ...m.fill, to, path } }; }
export function fillStep(m, d) {
  if (!m.fill.from) return m;
  const k = Math.min(m.fill.fills.length, Math.max(0, m.fill.k + d));
  return k === m.fill.k ? m : { ...m, fill: { ...m.fill, k } };
}

/**
 * A square of a board with `files` files written as the library reads it there: a name (`c3`)
 * on boards of up to 26 files, `file,rank` counted from 0 beyond. Text that is neither form is
 * left as it is (the library then says what is wrong with it).
 */
export function startForm(start, files) {
  const text = String(start).trim();
  const w = Number(files);
  const name = /^([a-z])([1-9]\d*)$/.exec(text);
  const pair = /^\(?\s*(\d+)\s*,\s*(\d+)\s*\)?$/.exec(text);
  if (name && w > 26) return `${name[1].charCodeAt(0) - 97},${Number(name[2]) - 1}`;
  if (pair && w >= 1 && w <= 26 && Number(pair[1]) < w) {
    return String.fromCharCode(97 + Number(pair[1])) + (Number(pair[2]) + 1);
  }
  return text;
}

/** The tour's first square by default on a board of `files` files: the corner a1 (or 0,0). */
export function defaultStart(files) { return startForm('a1', files); }

/**
 * The tour panel's inputs edited (`patch` of { w, h, start, closed }): a start square follows
 * a change of width into the form the new board names squares in (a1 <-> 0,0).
 */
export function tourEdited(m, patch) {
  const form = { ...m.tourForm, ...patch };
  if ('w' in patch && !('start' in patch)) form.start = startForm(form.start, form.w);
  return { ...m, tourForm: form };
}

/** The request the tour panel's inputs make: { board, start, closed }. */
export function tourParams(form) {
  const start = String(form.start).trim() || defaultStart(form.w);
  return { board: `${String(form.w).trim()}x${String(form.h).trim()}`, start, closed: Boolean(form.closed) };
}

/** The inputs that make a request. */
export function tourFormOf(params) {
  const [w, h] = params.board.split('x');
  return { w, h, start: params.start, closed: params.closed };
}

/** Whether two tour requests ask for the same tour. */
function sameTour(a, b) { return a.board === b.board && a.start === b.start && a.closed === b.closed; }

/**
 * A tour answered: shown, and the inputs written as the library read them — unless they were
 * edited since it was asked (a box left, then the next typed in), which they keep.
 */
export function tourShown(m, params, answer, svg) {
  const form = sameTour(tourParams(m.tourForm), params) ? tourFormOf(params) : m.tourForm;
  return { ...m, tour: { params, answer, svg, error: null }, tourForm: form };
}

/** A tour refused: the old one is no longer shown; the reason is, beside the inputs. */
export function tourFailed(m, params, message) {
  return { ...m, tour: { params, answer: null, svg: null, error: message } };
}

/** A panel's own error line: `message`, or none for null. */
export function panelError(m, panel, message) {
  if ((m.errors[panel] || null) === (message || null)) return m;
  const errors = { ...m.errors };
  if (message) errors[panel] = message; else delete errors[panel];
  return { ...m, errors };
}
/**
 * What a link asked for that the page could not use, each said beside its panel's control:
 * `problems` as [{ panel, text }] (panel 'board': the main error line; 'position': the FEN's).
 */
export function linkProblems(m, problems) {
  let next = m;
  const by = {};
  for (const p of problems) (by[p.panel] = by[p.panel] || []).push(p.text);
  for (const [panel, texts] of Object.entries(by)) {
    const text = texts.join('; ');
    if (panel === 'board') next = failed(next, text);
    else if (panel === 'position') next = { ...next, fenError: text };
    else next = panelError(next, panel, text);
  }
  return next;
}
/** The catch panel's inputs as the user left them (`patch` of { knight, pawn, side, to_move }). */
export function catchEdited(m, patch) { return { ...m, catchForm: { ...m.catchForm, ...patch } }; }
/** A pawn race answered (`answer`), or refused (`error`, the library's words). */
export function catchShown(m, params, answer, error = null) { return { ...m, catch: { params, answer, error } }; }
/** The single-letter keys on or off. */
export function setLetterKeys(m, on) { return Boolean(on) === m.letterKeys ? m : { ...m, letterKeys: Boolean(on) }; }
/** The keyboard help opened or closed. */
export function setHelp(m, open) { return Boolean(open) === m.help ? m : { ...m, help: Boolean(open) }; }
export function converted(m, text) { return { ...m, convert: { text } }; }
/** The converter's inputs as the user left them: { input, from, to }. */
export function convertEdited(m, patch) { return { ...m, convertForm: { ...m.convertForm, ...patch } }; }

/**
 * The whole page from a saved URL at once (see url.js), from the library's answers:
 * `{ wanted, view, pieces, attacks, other, forks, position, fill, tour }`.
 */
export function restored(m, r) {
  const w = r.wanted;
  let next = {
    ...m,
    tool: w.tool,
    piece: w.piece,
    side: w.side || 'white',
    sides: { ...(w.sides || {}) },
    indices: w.indices !== false,
    arrows: arrowSets(m).includes(w.arrows) ? w.arrows : ARROWS_FORKS,
    countMethod: w.countMethod && m.meta && m.meta.count_methods.includes(w.countMethod) ? w.countMethod : m.countMethod,
    convertForm: w.convert ? { ...w.convert } : m.convertForm,
    catchForm: w.catchForm ? { ...w.catchForm } : m.catchForm,
    catch: r.catch || null,
    help: Boolean(w.help),
    letterKeys: w.letterKeys !== false,
    attacksShown: w.attacksShown || 'both',
    editing: null,
    invalid: {},
    methods: { ...w.methods },
    numbering: w.numbering,
    view: r.view,
    pieces: NO_PIECES,
    sliders: r.sliders || NO_SLIDERS,
    rays: r.rays || null,
    attacks: null,
    overlay: {},
    step: -1,
    selected: null,
    other: r.other,
    forks: r.forks,
    forksFollow: w.targets === undefined || w.targets === ZERO,
    position: r.position || m.position,
    error: null,
    fenError: null,
    errors: {},
    fill: NO_FILL,
    tour: r.tour || m.tour,
    tourForm: r.tour ? tourFormOf(r.tour.params) : m.tourForm,
  };
  next = withPieces(next, r.pieces || {}, r.attacks);
  next.sides = sidesKept(next);
  next.forked = knightForks(next, r.attackedBy || {});
  next.bySide = r.bySide || null;
  const steps = allSteps(next).length;
  if (w.step > 0 && w.step <= steps) next.step = w.step - 1;
  else if (w.step > 0) next = panelError(next, 'steps', `from the link: s=${w.step} is not a step here (${steps === 1 ? 'there is 1 step' : `there are ${steps} steps`})`);
  if (r.fill) {
    next = fillFrom(next, r.fill.from, r.fill.fills, r.fill.distances);
    if (r.fill.path) next = fillTo(next, r.fill.to, r.fill.path);
    if (w.fillStep > 0) next = fillStep(next, w.fillStep);
  }
  return next;
}
