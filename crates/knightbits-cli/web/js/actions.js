// Every interaction that asks the library: each runs in turn through the store, reads the model
// as the interactions before it left it, and hands the answers to a transition of state.js.

import * as api from './api.js';
import * as S from './state.js';
import { decode } from './url.js';

const EDGE = 'A piece is at the edge: nothing moved.';
const FLASH_MS = 1600;
/** Whole-board edits whose answer does not depend on the bits before: Clear and Fill. */
const FRESH_OPS = ['clear', 'fill'];

/** A bitboard refused, in the page's words (the library's reason in brackets). */
const notBitboard = (input, e) => `"${String(input).trim()}" is not a bitboard the page can read (${e.message}).`;

/**
 * Where a refusal is said: the page's control for the parameter the library names (`e.field`,
 * looked up in `controls`: parameter -> control id or ids), or [] when it is none of them (the
 * panel's own line then says it). Never from the message's words.
 */
export function controlsOf(e, controls) { return [].concat((e && controls[e.field]) || []); }

/** The tour's parameters and the boxes they come from. */
const TOUR_CONTROLS = Object.freeze({ board: ['tour-w', 'tour-h'], start: 'tour-start' });
const TOUR_BOXES = Object.freeze(['tour-w', 'tour-h', 'tour-start']);
/** The pawn race's squares and their boxes. */
const CATCH_CONTROLS = Object.freeze({ knight: 'catch-knight', pawn: 'catch-pawn' });
const CATCH_BOXES = Object.freeze(Object.values(CATCH_CONTROLS));

export function createActions(store) {
  const act = store.act;

  // ---- the pieces ----

  /** The /api/explore answers for the planned requests, per kind. */
  async function askPieces(requests) {
    const answers = await Promise.all(requests.map((r) => api.explore(r.params)));
    return Object.fromEntries(requests.map((r, i) => [r.kind, answers[i]]));
  }

  /** The view of the pieces' attack set: one kind's own, or two kinds' joined by the library. */
  async function askAttacks(answers, numbering) {
    const plan = S.boardFromPieces(answers);
    if (!plan.union) return plan.view;
    return api.op({ bitboard: plan.union[0], op: 'or', other: plan.union[1], numbering });
  }

  /**
   * The sets computed from the pieces after a change: the knights' and kings' attacks
   * (`stepped`, the answers per kind, joined by the library) and the sliders' rays, which every
   * piece blocks. The painted bits are a layer of their own: nothing here changes them.
   */
  async function askBoard(stepped, sliders, numbering, sides) {
    const [attacks, attackedBy, bySide] = await Promise.all([
      askAttacks(stepped, numbering), askEachKnight(stepped, sliders, sides), askSides(stepped, sliders, sides),
    ]);
    if (!S.sliderCount(sliders)) return { attacks, rays: null, attackedBy, bySide };
    const rays = await api.sliderAttacks(S.sliderParams(sliders, S.occupiedBy(stepped)));
    return { attacks, rays, attackedBy, bySide };
  }

  /**
   * Each side's attacks apart (side -> kind -> squares, the sliders' as `slider`), asked only
   * when both sides have pieces (else the whole sets are the one side's: S.attackSets).
   */
  async function askSides(stepped, sliders, sides) {
    const leapers = Object.entries(stepped).filter(([, a]) => a).map(([kind, a]) => [kind, a.pieces.squares]);
    const all = [...leapers.flatMap(([, sq]) => sq), ...S.SLIDERS.flatMap((k) => sliders[k])];
    const black = all.filter((s) => sides[s] === 'black');
    if (!black.length || black.length === all.length) return null;
    const of = (side, squares) => squares.filter((s) => (sides[s] === 'black') === (side === 'black'));
    const out = {};
    await Promise.all(S.SIDES.map(async (side) => {
      const sets = {};
      await Promise.all(leapers.map(async ([kind, squares]) => {
        const mine = of(side, squares);
        sets[kind] = mine.length ? (await api.attacks({ input: mine.join(','), piece: kind })).squares : [];
      }));
      const own = Object.fromEntries(S.SLIDERS.map((k) => [k, of(side, sliders[k])]));
      // The other side's sliders block this side's rays as every other piece does.
      const others = all.filter((s) => !S.SLIDERS.some((k) => own[k].includes(s)));
      sets.slider = S.sliderCount(own) ? (await api.sliderAttacks(S.sliderParams(own, others))).attacks.squares : [];
      out[side] = sets;
    }));
    return out;
  }

  /**
   * Each knight's own attack set (square -> attacked squares), for the forks drawn on the
   * board; asked only when there are pieces a knight could fork.
   */
  async function askEachKnight(stepped, sliders, sides) {
    const knights = stepped.knight ? stepped.knight.pieces.squares : [];
    const all = [...S.occupiedBy(stepped), ...S.SLIDERS.flatMap((k) => sliders[k])];
    const black = all.filter((s) => sides[s] === 'black').length;
    // A fork needs a knight and two pieces of the other side: none when every piece is one side's.
    if (!knights.length || all.length < 3 || black === 0 || black === all.length) return {};
    const sets = await Promise.all(knights.map((k) => api.attacks({ input: k, piece: 'knight' })));
    return Object.fromEntries(knights.map((k, i) => [k, sets[i].squares]));
  }

  /** A click with the knight or king tool (`kind`) on a square; a slider there makes way. */
  function togglePiece(name, kind) {
    return act(async (m) => {
      const answers = await askPieces(S.pieceRequests(m, { toggle: name, kind }));
      const sliders = S.sliderRemoved(m.sliders, name);
      const sides = S.sidePlaced(m.sides, name, m.side);
      const b = await askBoard({ ...m.pieces, ...answers }, sliders, m.numbering, sides);
      return (n) => S.piecesAnswered(n, answers, b.attacks, { ...b, sliders, sides });
    });
  }

  /** A click with the rook, bishop or queen tool (`kind`) on a square; a knight or king there makes way. */
  function toggleSlider(name, kind) {
    return act(async (m) => {
      const requests = S.pieceRequests(m, { toggle: name, kind }).filter((r) => S.squaresOf(m, r.kind).includes(name));
      const answers = await askPieces(requests);
      const sliders = S.sliderToggled(m.sliders, name, kind);
      const sides = S.sidePlaced(m.sides, name, m.side);
      const b = await askBoard({ ...m.pieces, ...answers }, sliders, m.numbering, sides);
      return (n) => S.piecesAnswered(n, answers, b.attacks, { ...b, sliders, sides });
    });
  }

  /**
   * The pieces set out as `plan(m)` says (`[{ square, kind, side }]`, see S.arrangement; null:
   * nothing to do), in one interaction: one history entry.
   */
  function arrange(plan) {
    return act(async (m) => {
      const list = plan(m);
      return list ? arranged(m, list) : null;
    });
  }
  /** The transition that sets the pieces out as `list` says (asked of the library from `m`). */
  async function arranged(m, list) {
    const p = S.arrangement(m, list);
    const answers = await askPieces(S.exploreRequests(m, p.placed));
    const b = await askBoard({ ...m.pieces, ...answers }, p.sliders, m.numbering, p.sides);
    return (n) => S.piecesAnswered(n, answers, b.attacks, { ...b, sliders: p.sliders, sides: p.sides });
  }

  /** The piece on `from` moved to `to` (a drag, or a click on it then on `to`); a piece on `to` is taken. */
  const movePiece = (from, to) => arrange((m) => S.pieceMoved(m, from, to));
  /** The piece on `name` taken off the board (dropped off it, or clicked again once picked up). */
  const removePiece = (name) => arrange((m) => (S.pieceAt(m, name) ? S.pieceRemoved(m, name) : null));

  /**
   * Every knight and king one square `by` (north, south, east, west; the devlog's a and d are
   * west and east, never wrapping round to the next rank), or none when one is at the edge.
   */
  function slide(by) {
    const dir = S.SLIDE_KEYS[by] || by;
    return act(async (m) => {
      const slides = S.slideRequests(m, dir);
      if (!slides.length) return null;
      const slid = await Promise.all(slides.map((r) => api.slide(r.params)));
      if (!S.allMoved(slid)) {
        setTimeout(() => store.now((n) => S.unflash(n, EDGE)), FLASH_MS);
        return (n) => S.flash(n, EDGE);
      }
      const answers = await askPieces(S.exploreRequests(m, S.slidTo(slides, slid)));
      const sides = S.sidesSlid(m, ...S.DIRECTION_STEP[dir]);
      const b = await askBoard({ ...m.pieces, ...answers }, m.sliders, m.numbering, sides);
      return (n) => S.piecesAnswered(n, answers, b.attacks, { ...b, slid: true, sliders: m.sliders, sides });
    });
  }

  /** The method for one kind; pieces of that kind, if any, are traced again. */
  function setMethod(kind, method) {
    return act(async (m) => {
      if (!S.squaresOf(m, kind).length) return (n) => S.setMethod(n, kind, method);
      const answers = await askPieces(S.pieceRequests(S.setMethod(m, kind, method), null));
      const b = await askBoard({ ...m.pieces, ...answers }, m.sliders, m.numbering, m.sides);
      return (n) => S.sameStep(n, S.piecesAnswered(S.setMethod(n, kind, method), answers, b.attacks, { ...b, sliders: m.sliders }));
    });
  }

  // ---- the bits ----

  /**
   * The painted bits replaced by other bits in any form the library reads; the pieces stay. A
   * refusal is said in the page's words beside the field it came from (`field`).
   */
  function replaceBoard(input, field) {
    return act(async (m) => {
      const v = await api.show(input, m.numbering);
      return (n) => S.boardReplaced(n, v);
    }, {
      local: true,
      onError: (n, e) => (field && controlsOf(e, { input: field }).length ? S.fieldInvalid(n, field, notBitboard(input, e)) : S.failed(n, e.message)),
    });
  }

  /** A number field as it is typed: the board follows each value the library reads. */
  function typed(input, field) {
    return act(async (m) => {
      const v = await api.show(input, m.numbering);
      return (n) => S.fieldValid(S.boardReplaced(n, v), field);
    }, { quiet: true, onError: (n) => S.fieldInvalid(n, field) });
  }

  /**
   * An edit of the whole painted board (`/api/op`); clear also takes the pieces away. A board
   * whose box holds a value the library refused is not edited: the box and the board disagree,
   * and the error line says so.
   */
  function op(name, extra) {
    return act(async (m) => {
      if (!FRESH_OPS.includes(name)) stale(m);
      const v = await api.op({ bitboard: S.bits(m), op: name, numbering: m.numbering, ...extra });
      return (n) => S.fieldValid(name === 'clear' ? S.cleared(n, v) : S.bitsEdited(n, v), ...(name === 'shift' ? ['shift-n'] : []));
    }, {
      local: true,
      // The shift's amount refused: said under its box; anything else on the error line.
      onError: (n, e) => (controlsOf(e, { n: 'shift-n' }).length
        ? S.fieldInvalid(n, 'shift-n', `"${extra.n}" is not a shift the page can make (${e.message}).`)
        : S.failed(n, e.message)),
    });
  }

  /**
   * The main board combined with the second one (and, or, xor, andnot), as their boxes show
   * them: `text2`, the second box's text, is read first when it is not yet the second board
   * (typed without Enter); a value the library refuses stops the operation, said beside it.
   */
  function combine(name, text2) {
    return act(async (m) => {
      stale(m);
      let other = m.other;
      if (text2 !== undefined && (!other || text2.trim() !== other.bitboard)) {
        other = await api.show(text2.trim()).catch((e) => { throw Object.assign(e, { panel: 'second', input: text2 }); });
      }
      const v = await api.op({ bitboard: S.bits(m), op: name, other: other ? other.bitboard : S.ZERO, numbering: m.numbering });
      return (n) => secondShown(S.bitsEdited(n, v), other);
    }, {
      local: true,
      onError: (n, e) => (e.panel === 'second' ? secondRefused(n, e.input, e) : S.failed(n, e.message)),
    });
  }

  /** Refuses an edit of the main board while one of its boxes holds a refused value. */
  function stale(m) {
    const field = ['hex', 'dec', 'bin'].find((f) => m.invalid[f]);
    if (field) throw new Error(`The ${S.FIELD_NAMES[field]} box holds a value that is not a bitboard: the board was not changed. Correct the value or press Esc.`);
  }

  /** One square's bit, flipped (a click or Space with the paint tool). */
  function toggleBit(name) { return op('toggle', { square: name }); }

  /**
   * A paint stroke (a drag with the paint tool): each square shows painted at once, and the
   * whole stroke goes to the library in one request when it ends (`end`), one history entry.
   */
  function paint(name, value, stroke) {
    stroke.squares.push(name);
    store.now((m) => S.painted(m, name, value, stroke));
  }
  function paintEnd(stroke) {
    if (!stroke.squares.length) return null;
    return act(async (m) => {
      const v = await api.op({ bitboard: S.bits(m), op: stroke.value === '1' ? 'or' : 'andnot', other: stroke.squares.join(','), numbering: m.numbering });
      return (n) => S.paintDone(n, v, stroke);
    }, { onError: (n) => S.paintFailed(n, stroke) });
  }

  /** The same bits in another numbering. */
  function setNumbering(numbering) {
    return act(async (m) => {
      const v = await api.show(S.bits(m), numbering);
      return (n) => S.numbered(n, numbering, v);
    });
  }

  // ---- the other panels ----

  function showOther(input) {
    return act(async () => {
      const v = await api.show(input.trim());
      return (n) => secondShown(n, v);
    }, { local: true, onError: (n, e) => secondRefused(n, input, e) });
  }
  /** The second board shown, its box no longer refused. */
  const secondShown = (n, v) => S.fieldValid(S.panelError(S.otherShown(n, v), 'second', null), 'hex2');
  /** The second board's box refused: said under it (and the box marked when the library names it). */
  function secondRefused(n, input, e) {
    const next = S.panelError(n, 'second', notBitboard(input, e));
    return controlsOf(e, { input: 'hex2' }).length ? S.fieldInvalid(next, 'hex2') : next;
  }

  function toggleOther(name) {
    return act(async (m) => {
      const v = await api.op({ bitboard: m.other ? m.other.bitboard : S.ZERO, op: 'toggle', square: name });
      return (n) => S.otherShown(n, v);
    });
  }

  async function askForks(targets) {
    const [t, f] = await Promise.all([api.show(targets), api.forkSquares(targets)]);
    return { targets: t, forks: f };
  }

  /** The fork panel's targets (square list or bitboard, or a function of the model); `follow` as S.forksShown. */
  function showForks(targets, follow) {
    return act(async (m) => {
      const r = await askForks(typeof targets === 'function' ? targets(m) : targets);
      return (n) => S.forksShown(n, r.targets, r.forks, follow);
    });
  }

  function toggleTarget(name) {
    return act(async (m) => {
      const t = await api.op({ bitboard: m.forks ? m.forks.targets.bitboard : S.ZERO, op: 'toggle', square: name });
      const r = await askForks(t.bitboard);
      return (n) => S.forksShown(n, r.targets, r.forks, false);
    });
  }

  /** A FEN's facts: its forks and each leaper's legal moves (`meta.pieces`; castling where the library allows it). */
  async function askPosition(fen, meta) {
    const [pos, forks, ...each] = await Promise.all([
      api.position(fen),
      api.forks(fen),
      ...meta.pieces.map((p) => api.moves({ fen, piece: p.name, legal: 'true', ...(p.castling ? { castling: 'true' } : {}) })),
    ]);
    const moves = Object.fromEntries(meta.pieces.map((p, i) => [p.name, each[i]]));
    // Each fork square's knight attacks, for the forked pieces marked on the picture.
    const sets = await Promise.all(forks.squares.map((s) => api.attacks({ input: s, piece: 'knight' })));
    const attackedFrom = Object.fromEntries(forks.squares.map((s, i) => [s, sets[i].squares]));
    return { fen: pos.fen, forks, moves, forked: S.positionForks(pos, forks.moves, attackedFrom) };
  }

  /** A FEN: its moves and forks; a refused one clears them and says why beside the field. */
  function loadPosition(fen) {
    return act(async (m) => {
      const p = await askPosition(fen.trim(), m.meta);
      return (n) => S.fieldValid(S.positionLoaded(n, p), 'fen');
    }, {
      local: true,
      onError: (n, e) => {
        const next = S.positionFailed(n, e.message);
        return controlsOf(e, { fen: 'fen' }).length ? S.fieldInvalid(next, 'fen') : next;
      },
    });
  }

  /**
   * "Put on the main board": the position's pieces (the one the panel shows) replace the main
   * board's, each with its side; the painted bits stay. Pawns, which the board has not, are said.
   */
  function positionToBoard() {
    return act(async (m) => {
      if (!m.position) return null;
      const pos = await api.position(m.position.fen);
      const { list, left } = S.fenPieces(m, pos.pieces);
      const put = await arranged(m, list);
      if (!left.length) return put;
      const text = `${left.length} ${left.length === 1 ? 'piece' : 'pieces'} (${left.join(' ')}) left off: the main board has no pawns.`;
      setTimeout(() => store.now((n) => S.unflash(n, text)), FLASH_MS * 2);
      return (n) => S.flash(put(n), text);
    });
  }

  /** The side to move's knight attacks, onto the board. */
  function positionAttacksToBoard() {
    return act(async (m) => {
      if (!m.position) return null;
      const side = m.position.fen.split(' ')[1] === 'b' ? 'black' : 'white';
      const a = await api.attacks({ fen: m.position.fen, side });
      const v = await api.show(a.bitboard, m.numbering);
      stale(m);
      return (n) => S.boardReplaced(n, v);
    });
  }

  async function askFill(from) {
    const [f, d] = await Promise.all([api.fill(from), api.distances(from)]);
    return { fills: f.steps, distances: d.distances };
  }

  /** A click on the distance board: the start, the start again (clear), or a target. */
  function fillClick(name) {
    return act(async (m) => {
      if (!m.fill.from) {
        const r = await askFill(name);
        return (n) => S.fillFrom(n, name, r.fills, r.distances);
      }
      if (name === m.fill.from) return (n) => S.fillCleared(n);
      const path = await api.distance(m.fill.from, name);
      return (n) => S.fillTo(n, name, path);
    });
  }

  async function askTour(params) {
    const q = { board: params.board, start: params.start, closed: params.closed ? 'true' : 'false' };
    const [t, svg] = await Promise.allSettled([api.tour(q), api.tourSvg(q)]);
    if (t.status === 'rejected') throw t.reason;
    // A board without the tour asked for is an answer ("path": null) with its reason.
    if (t.value.path === null) throw new Error(`no ${params.closed ? 'closed' : 'open'} tour of ${t.value.board}: ${t.value.reason}`);
    if (svg.status === 'rejected') throw svg.reason;
    return { params, answer: t.value, svg: svg.value, error: null };
  }

  /** The tour the panel's inputs ask for; a refusal clears the old tour and says why beside them. */
  function showTour() {
    let params;
    return act(async (m) => {
      params = S.tourParams(m.tourForm);
      const r = await askTour(params);
      return (n) => S.fieldValid(S.tourShown(n, r.params, r.answer, r.svg), ...TOUR_BOXES);
    }, {
      local: true,
      onError: (n, e) => {
        let next = S.fieldValid(S.tourFailed(n, params || S.tourParams(n.tourForm), e.message), ...TOUR_BOXES);
        for (const id of controlsOf(e, TOUR_CONTROLS)) next = S.fieldInvalid(next, id);
        return next;
      },
    });
  }

  /** The catch panel's race, as its inputs ask; a refusal is said under them, the box it names marked. */
  function catchPawn() {
    let params;
    return act(async (m) => {
      params = { ...m.catchForm };
      const c = await api.catchPawn(params);
      return (n) => S.fieldValid(S.catchShown(n, params, c), ...CATCH_BOXES);
    }, {
      local: true,
      onError: (n, e) => {
        let next = S.fieldValid(S.catchShown(n, params || n.catchForm, null, e.message), ...CATCH_BOXES);
        for (const id of controlsOf(e, CATCH_CONTROLS)) next = S.fieldInvalid(next, id);
        return next;
      },
    });
  }

  /** The converter's input read in `from`, written in `to`; its inputs are kept for the link. */
  function convert(input, from, to) {
    return act(async () => {
      const r = await api.convert(input, from, to);
      return (n) => S.fieldValid(S.panelError(S.converted(S.convertEdited(n, { input, from, to }), '→ ' + r.bits), 'convert', null), 'conv-in');
    }, {
      local: true,
      onError: (n, e) => {
        const next = S.panelError(S.converted(S.convertEdited(n, { input, from, to }), ''), 'convert',
          `"${input.trim()}" is not a number the converter reads (${e.message}).`);
        return controlsOf(e, { input: 'conv-in' }).length ? S.fieldInvalid(next, 'conv-in') : next;
      },
    });
  }

  // ---- the whole page from its URL ----

  /**
   * Loads the names the pickers offer, then everything the fragment asks for at once. A part
   * the library refuses is left at its default; resolves to what was refused or left out, each
   * with the panel whose control it was meant for: `[{ panel, text }]` (see S.linkProblems).
   */
  async function load(fragment) {
    const problems = [];
    const part = (panel, key, promise, fallback) => promise.catch((e) => {
      problems.push({ panel, text: `from the link: ${key}: ${e.message}` });
      return fallback;
    });
    await act(async () => {
      const meta = await api.meta();
      const w = decode(fragment, meta);
      problems.push(...w.dropped);
      const zero = () => api.show(S.ZERO, w.numbering);
      const pieceRequests = meta.pieces.map((p) => p.name).filter((k) => w.pieces[k]).map((kind) => ({
        kind,
        params: { input: w.pieces[kind], piece: kind, method: w.methods[kind], numbering: w.numbering },
      }));
      const [view, pieces, other, forks, position, fill, tour] = await Promise.all([
        part('board', 'b', api.show(w.bits, w.numbering), null).then((v) => v || zero()),
        part('board', 'p, q', askPieces(pieceRequests), {}),
        part('second', 'o', api.show(w.other), null).then((v) => v || api.show(S.ZERO)),
        part('forks', 't', askForks(w.targets), null).then((v) => v || askForks(S.ZERO)),
        part('position', 'fen', askPosition(w.fen, meta), null).then((v) => v || askPosition(S.DEFAULT_FEN, meta)),
        w.from ? part('fill', 'from, to', askFill(w.from).then(async (r) => ({
          ...r, from: w.from, to: w.to, path: w.to ? await api.distance(w.from, w.to) : null,
        })), null) : null,
        // A refused tour is shown as refused, its reason beside the tour's inputs.
        askTour(w.tour).catch((e) => ({ params: w.tour, answer: null, svg: null, error: e.message })),
      ]);
      // The pawn race the link asked (its answer, or its refusal said under its inputs).
      const race = w.catchAsked ? await api.catchPawn(w.catchForm).then(
        (answer) => ({ params: w.catchForm, answer, error: null }),
        (e) => ({ params: w.catchForm, answer: null, error: e.message }),
      ) : null;
      const attacks = await askAttacks(pieces, w.numbering);
      // Sliders: their rays with every piece as a blocker.
      let sliders = w.sliders;
      let rays = null;
      if (S.sliderCount(sliders)) {
        const b = await part('board', 'rooks, bishops, queens', askBoard(pieces, sliders, w.numbering, w.sides), null);
        if (b) rays = b.rays; else sliders = S.NO_SLIDERS;
      }
      const [attackedBy, bySide] = await Promise.all([askEachKnight(pieces, sliders, w.sides), askSides(pieces, sliders, w.sides)]);
      return (n) => S.restored(S.withMeta(n, meta), {
        wanted: w, view, pieces, attacks, sliders, rays, attackedBy, bySide, other, forks, position, fill, tour, catch: race,
      });
    });
    return problems;
  }

  return {
    togglePiece, toggleSlider, movePiece, removePiece, arrange, slide, setMethod, replaceBoard, typed, op, combine, toggleBit, paint, paintEnd, setNumbering,
    showOther, toggleOther, showForks, toggleTarget, loadPosition, positionAttacksToBoard, positionToBoard,
    fillClick, showTour, catchPawn, convert, load,
  };
}
