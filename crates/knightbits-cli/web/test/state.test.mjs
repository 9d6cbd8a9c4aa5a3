// The page's state model (web/js/state.js): every action's transition, on answers written by
// hand. Run by tests/browser/run.sh: node --test web/test/
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as S from '../js/state.js';
import { META, view, steps, hex, B1G1, B1G1_ATTACKS, E4_KING, deepFreeze } from './fixtures.mjs';

/** The page loaded, then knights placed on b1 and g1 (the answers frozen: nothing may edit them). */
function withKnights() {
  let m = S.withMeta(S.initial(), META);
  m = S.bitsEdited(m, view([]));
  m = S.setTool(m, 'knight');
  const a = steps('knight', B1G1, B1G1_ATTACKS, { n: 2 });
  return deepFreeze(S.piecesAnswered(m, { knight: a }, a.view));
}

/** What every panel describing the main board says. */
function described(m) {
  return {
    bits: S.bits(m),
    pieces: S.piecesText(m),
    steps: S.allSteps(m).length,
    label: S.stepLabel(m),
    rings: S.ringCells(m),
    onBoard: S.kindsOnBoard(m),
    attacks: m.attacks ? m.attacks.bitboard : null,
  };
}

test('knights on b1 and g1: the panel names them and their six squares', () => {
  const m = withKnights();
  assert.equal(S.piecesText(m), 'knights on b1 g1');
  assert.equal(S.stepLabel(m), 'all 2 steps → 6 squares');
  // The pieces' attacks are a layer of their own: the painted bits stay empty.
  assert.equal(m.attacks.bitboard, hex(B1G1_ATTACKS));
  assert.equal(S.bits(m), S.ZERO);
  assert.equal(S.squareLabel(m, 'b1'), 'b1, white knight');
  assert.equal(S.squareLabel(m, 'c3'), 'c3, attacked by a white knight');
  assert.equal(S.pieceAt(m, 'b1'), 'knight');
  assert.equal(S.pieceAt(m, 'c1'), null);
});

test('clear empties the board and everything that describes it', () => {
  let m = S.stepBy(withKnights(), 1);
  assert.notEqual(S.ringCells(m), null);
  m = S.cleared(m, view([]));
  assert.deepEqual(described(m), {
    bits: S.ZERO, pieces: 'no pieces placed', steps: 0, label: 'no pieces', rings: null, onBoard: [], attacks: null,
  });
  assert.equal(m.step, -1);
  assert.equal(m.attacks, null);
});

test('typing a value replaces the painted bits only: the pieces, their attacks and the step stay', () => {
  const before = S.stepBy(withKnights(), 2);
  const m = S.boardReplaced(before, view(['d4', 'e5']));
  assert.deepEqual(described(m), { ...described(before), bits: hex(['d4', 'e5']) });
  assert.equal(m.step, 1);
  assert.equal(S.squareLabel(m, 'd4'), 'd4, set');
});

test('painted bits survive placing and removing a piece', () => {
  let m = S.bitsEdited(S.withMeta(S.initial(), META), view(['a1', 'a2', 'h8']));
  const a = steps('knight', ['d4'], ['b3', 'b5', 'c2', 'c6', 'e2', 'e6', 'f3', 'f5']);
  m = S.piecesAnswered(m, { knight: a }, a.view);
  assert.equal(S.bits(m), hex(['a1', 'a2', 'h8']));
  assert.equal(m.attacks.bitboard, a.view.bitboard);
  m = S.piecesAnswered(m, { knight: steps('knight', [], []) }, null);
  assert.equal(S.bits(m), hex(['a1', 'a2', 'h8']));
  assert.equal(m.attacks, null);
});

test('sides: each piece keeps the side it was placed with, through a slide and a link', () => {
  let m = S.setSide(S.withMeta(S.initial(), META), 'black');
  assert.equal(S.setSide(m, 'green'), m);
  const a = steps('knight', ['c7'], ['a8', 'e8', 'a6', 'e6', 'b5', 'd5']);
  m = S.setSide(m, 'white');
  m = S.piecesAnswered(m, { knight: a }, a.view, { sides: S.sidePlaced(m.sides, 'c7', 'white') });
  // Black rooks on a8 and h7, a black queen on e8: the knight on c7 forks the rook on a8 and the queen.
  m = S.piecesAnswered(m, {}, a.view, {
    sliders: { rook: ['a8', 'h7'], bishop: ['e6'], queen: ['e8'] },
    rays: { attacks: { squares: [] } },
    sides: { a8: 'black', h7: 'black', e8: 'black', e6: 'black' },
    attackedBy: { c7: ['b5', 'd5', 'a6', 'e6', 'a8', 'e8'] },
  });
  assert.equal(S.sideAt(m, 'c7'), 'white');
  assert.equal(S.sideAt(m, 'e8'), 'black');
  assert.equal(S.sideAt(m, 'd4'), null);
  // The bishop on e6 is attacked too, but a fork is about kings, queens and rooks.
  assert.deepEqual(m.forked, [{ from: 'c7', targets: ['a8', 'e8'] }]);
  assert.equal(S.squareLabel(m, 'e8'), 'e8, black queen, forked, attacked by a white knight');
  assert.deepEqual(S.pieceTargets(m), ['a8', 'h7', 'e8']);
  // Each side's attacks apart (the library's answers per side): a piece's own side defends it.
  const apart = S.piecesAnswered(m, {}, a.view, {
    sides: m.sides,
    attackedBy: { c7: ['b5', 'd5', 'a6', 'e6', 'a8', 'e8'] },
    bySide: {
      white: { knight: ['a8', 'e8', 'a6', 'e6', 'b5', 'd5'], king: [], slider: [] },
      black: { knight: [], king: [], slider: ['b8', 'c8', 'd8', 'e8', 'a7', 'e7', 'f7', 'g7', 'h8', 'd5', 'f5'] },
    },
  });
  assert.equal(S.squareLabel(apart, 'e8'), 'e8, black queen, forked, attacked by a white knight, defended by a black rook, bishop or queen');
  assert.equal(S.squareLabel(apart, 'd5'), 'd5, attacked by a white knight, attacked by a black rook, bishop or queen');
  assert.equal(S.squareLabel(apart, 'c7'), 'c7, white knight, forking');
  // The board shows both sides' attacks, or one side's.
  assert.deepEqual(S.shownAttacks(apart, 'slider').length, 11);
  assert.deepEqual(S.shownAttacks(S.showAttacks(apart, 'white'), 'slider'), []);
  assert.deepEqual(S.shownAttacks(S.showAttacks(apart, 'black'), 'knight'), []);
  assert.equal(S.showAttacks(apart, 'green'), apart);
  // The fork panel follows the placed pieces until a target is edited by hand.
  assert.deepEqual(S.followedTargets(m), ['a8', 'e8', 'h7']);
  const shown = S.forksShown(m, view(['a8', 'h7', 'e8']), view(['c7']));
  assert.equal(S.followedTargets(shown), null, 'already shown');
  assert.equal(S.followedTargets(S.forksShown(m, view(['a1']), view([]), false)), null, 'edited by hand');
  // A white queen on e8 is not the knight's target: one piece left to attack, no fork.
  const own = S.piecesAnswered(m, {}, a.view, { sides: { a8: 'black', h7: 'black' }, attackedBy: { c7: ['b5', 'd5', 'a6', 'e6', 'a8', 'e8'] } });
  assert.deepEqual(own.forked, []);
  // A slide east moves the knight's side with it; the sliders keep theirs.
  assert.deepEqual(S.sidesSlid({ ...m, sides: { ...m.sides, c7: 'black' } }, 1, 0), { a8: 'black', h7: 'black', e8: 'black', e6: 'black', d7: 'black' });
});

test('choosing a tool changes no piece, and the next click places the new kind beside the old', () => {
  const before = withKnights();
  const m = S.setTool(before, 'king');
  assert.equal(m.tool, 'king');
  assert.equal(m.piece, 'king');
  assert.deepEqual(described(m), described(before));
  assert.equal(S.pieceAt(m, 'b1'), 'knight');
  // Back to paint: the picker keeps the last piece kind.
  assert.equal(S.setTool(m, 'paint').piece, 'king');

  // A king on e4: the knights are traced again as they are, the king placed.
  const requests = S.pieceRequests(m, { toggle: 'e4', kind: 'king' });
  assert.deepEqual(requests.map((r) => [r.kind, r.params]), [
    ['knight', { input: 'b1,g1', piece: 'knight', method: 'lookup', numbering: 'a1-b1' }],
    ['king', { input: 'e4', piece: 'king', method: 'lookup', numbering: 'a1-b1' }],
  ]);
  const answers = { knight: steps('knight', B1G1, B1G1_ATTACKS, { n: 2 }), king: steps('king', ['e4'], E4_KING, { n: 3 }) };
  assert.deepEqual(S.boardFromPieces(answers), { union: [hex(B1G1_ATTACKS), hex(E4_KING)] });
  const union = view([...new Set([...B1G1_ATTACKS, ...E4_KING])]);
  const both = S.piecesAnswered(m, answers, union);
  assert.equal(S.piecesText(both), 'knights on b1 g1, king on e4');
  assert.equal(S.pieceAt(both, 'e4'), 'king');
  assert.equal(S.pieceAt(both, 'g1'), 'knight');
  assert.equal(S.stepLabel(both), 'all 5 steps → 13 squares');
  assert.equal(S.stepLabel(S.stepBy(both, 3)), 'step 3 of 5: ♚ king-step-0');
  assert.equal(both.attacks.bitboard, union.bitboard);
  assert.equal(S.bits(both), S.ZERO, 'the painted bits are not the attacks');
});

test('a piece placed on a square of the other kind replaces it; the same kind removes it', () => {
  const m = S.setTool(withKnights(), 'king');
  const replace = S.pieceRequests(m, { toggle: 'b1', kind: 'king' });
  assert.deepEqual(replace.map((r) => [r.kind, r.params.input]), [['knight', 'g1'], ['king', 'b1']]);
  const remove = S.pieceRequests(m, { toggle: 'g1', kind: 'knight' });
  assert.deepEqual(remove.map((r) => [r.kind, r.params.input]), [['knight', 'b1']]);
  // The last piece of a kind gone: its pieces are none.
  const last = S.pieceRequests(S.piecesAnswered(m, { knight: steps('knight', ['b1'], []) }, null), { toggle: 'b1', kind: 'knight' });
  assert.deepEqual(last.map((r) => [r.kind, r.params.input]), [['knight', S.ZERO]]);
  // A slider placed on a knight: the knight makes way, the other kinds stay.
  assert.deepEqual(S.piecesAfter(m, { toggle: 'b1', kind: 'rook' }), { knight: ['g1'] });
  // The last knight gone: the board is the answer's (empty) attack set, the panel says so.
  const gone = steps('knight', [], []);
  const empty = S.piecesAnswered(S.initial(), { knight: gone }, S.boardFromPieces({ knight: gone }).view);
  assert.equal(S.piecesText(empty), 'no pieces placed');
  assert.equal(S.bits(empty), S.ZERO);
  assert.equal(empty.pieces.knight, null);
});

test('a slide moves every kind or none; a lone piece takes the cursor along', () => {
  const m = withKnights();
  const slides = S.slideRequests(m, 'east');
  assert.deepEqual(slides, [{ kind: 'knight', params: { squares: hex(B1G1), by: 'east' } }]);
  assert.deepEqual(S.slideRequests(S.initial(), 'east'), []);
  const moved = { bitboard: hex(['c1', 'h1']), squares: ['c1', 'h1'], moved: true };
  assert.equal(S.allMoved([moved, { ...moved, moved: false }]), false);
  assert.equal(S.allMoved([moved]), true);
  // The slid pieces are traced where they are now.
  assert.deepEqual(S.exploreRequests(m, S.slidTo(slides, [moved])).map((r) => r.params.input), ['c1,h1']);
  const one = steps('knight', ['c1'], ['a2', 'b3', 'd3', 'e2']);
  assert.equal(S.piecesAnswered(m, { knight: one }, one.view, { slid: true }).cursor, 'c1');
  assert.equal(S.piecesAnswered(m, { knight: one }, one.view).cursor, m.cursor);
});

test('the method of each kind is its own; a method the kind lacks is refused', () => {
  const m = withKnights();
  const k = S.setMethod(m, 'knight', 'post-mask');
  assert.equal(k.methods.knight, 'post-mask');
  assert.equal(S.setMethod(m, 'king', 'post-mask'), m);
  assert.equal(S.setMethod(m, 'king', 'shifts').methods.king, 'shifts');
  assert.equal(S.pieceRequests(k, null)[0].params.method, 'post-mask');
});

test('painting: each square shows at once, and a batch answered keeps later batches pending', () => {
  let m = S.bitsEdited(S.initial(), view([]));
  const one = {};
  const two = {};
  m = S.painted(m, 'a1', '1', one);
  m = S.painted(m, 'b1', '1', one);
  m = S.painted(m, 'c1', '1', two);
  assert.deepEqual(['a1', 'b1', 'c1', 'd1'].map((s) => S.isSet(m, s)), [true, true, true, false]);
  m = S.paintDone(m, view(['a1', 'b1']), one);
  assert.deepEqual(Object.keys(m.overlay), ['c1']);
  assert.equal(S.isSet(m, 'c1'), true);
  m = S.paintFailed(m, two);
  assert.equal(S.isSet(m, 'c1'), false);
});

test('painting or a whole-board edit keeps the pieces; the stepper wraps both ways', () => {
  const m = withKnights();
  const painted = S.bitsEdited(m, view([...B1G1_ATTACKS, 'a1']));
  assert.equal(S.piecesText(painted), 'knights on b1 g1');
  assert.equal(S.stepBy(m, -1).step, 1);
  assert.equal(S.stepBy(S.stepBy(S.stepBy(m, 1), 1), 1).step, -1);
  assert.equal(S.stepBy(S.initial(), 1).step, -1);
  // Fewer steps after an edit: the highlighted one that no longer exists is dropped.
  const fewer = steps('knight', ['b1'], ['a3', 'c3', 'd2'], { n: 1 });
  assert.equal(S.piecesAnswered(S.stepBy(m, -1), { knight: fewer }, fewer.view).step, -1);
});

test('fields: an interaction answered clears the error line, refusals and the field being typed', () => {
  let m = S.typing(S.initial(), 'hex');
  m = S.fieldInvalid(m, 'hex');
  m = S.failed(m, 'invalid bitboard');
  assert.equal(S.leftField(m, 'hex'), m, 'a refused text stays while its field is left');
  m = S.succeeded(m);
  assert.deepEqual([m.error, m.editing, m.invalid], [null, null, {}]);
  const typed = S.fieldValid(S.fieldInvalid(S.typing(S.initial(), 'dec'), 'dec'), 'dec');
  assert.deepEqual(typed.invalid, {});
  assert.equal(S.leftField(typed, 'dec').editing, null);
});

test('fill steps stay between 0 and the number of fills', () => {
  let m = S.fillFrom(S.initial(), 'a1', [{ count: 3 }, { count: 12 }], new Array(64).fill(1));
  m = S.fillStep(S.fillStep(S.fillStep(m, 1), 1), 1);
  assert.equal(m.fill.k, 2);
  assert.equal(S.fillStep(S.fillCleared(m), 1).fill.k, 0);
});

test('tools and arrow sets outside the lists are refused', () => {
  const m = S.withMeta(S.initial(), META);
  assert.equal(S.setTool(m, 'pawn'), m);
  assert.equal(S.setArrows(m, 'queen'), m);
  // Before the library's list arrives there is no leaper tool to pick.
  assert.equal(S.setTool(S.initial(), 'king').tool, S.initial().tool);
  // A slider tool keeps the method picker on the last knight or king tool.
  assert.equal(S.setTool(S.setTool(m, 'king'), 'queen').piece, 'king');
});

test('the page\'s leapers are the library\'s: tools, keys, glyphs, methods and arrows follow meta.pieces', () => {
  const m = S.withMeta(S.initial(), META);
  assert.deepEqual(S.kinds(m), META.pieces.map((p) => p.name));
  assert.deepEqual(S.tools(m), ['paint', ...META.pieces.map((p) => p.name), 'rook', 'bishop', 'queen']);
  assert.deepEqual(S.arrowSets(m), ['forks', ...META.pieces.map((p) => p.name)]);
  assert.deepEqual(S.forkKinds(m), META.fork_targets, 'the fork targets are the library\'s too');
  for (const p of META.pieces) {
    assert.equal(S.glyph(m, p.name), p.glyph);
    assert.equal(S.toolOfKey(m, p.key), p.name);
    assert.equal(m.methods[p.name], p.methods[0]);
  }
  // A leaper the page has never heard of gets a tool, a key, a glyph and a method picker.
  const camel = { name: 'camel', glyph: 'C', key: 'c', castling: false, methods: ['lookup', 'hops'] };
  const more = S.withMeta(S.initial(), { ...META, pieces: [...META.pieces, camel] });
  assert.ok(S.tools(more).includes('camel'));
  assert.equal(S.toolOfKey(more, 'c'), 'camel');
  assert.equal(S.glyph(more, 'camel'), 'C');
  assert.deepEqual(S.methodsFor(more, 'camel'), ['lookup', 'hops']);
  const picked = S.setMethod(S.setTool(more, 'camel'), 'camel', 'hops');
  assert.equal(picked.piece, 'camel');
  assert.equal(picked.methods.camel, 'hops');
  assert.equal(S.setMethod(picked, 'camel', 'prefix'), picked, 'the knight\'s prefix is not the camel\'s');
  // Without meta, the page offers no leaper (it waits for the library's list).
  assert.deepEqual(S.kinds(S.initial()), []);
  assert.equal(S.toolOfKey(S.initial(), 'n'), null);
});

test('sliders: one piece a square, knights and kings make way, all described and cleared', () => {
  let sl = S.sliderToggled(S.NO_SLIDERS, 'a8', 'rook');
  sl = S.sliderToggled(sl, 'f4', 'bishop');
  assert.deepEqual(sl, { rook: ['a8'], bishop: ['f4'], queen: [] });
  sl = S.sliderToggled(sl, 'f4', 'queen');
  assert.deepEqual(sl, { rook: ['a8'], bishop: [], queen: ['f4'] }, 'a queen replaces the bishop');
  assert.deepEqual(S.sliderToggled(sl, 'a8', 'rook').rook, [], 'the same tool again takes it off');
  assert.deepEqual(S.sliderRemoved(sl, 'f4').queen, []);
  assert.deepEqual(S.sliderParams(sl, ['c7']), { rooks: 'a8', bishops: '0', queens: 'f4', occupied: 'c7' });

  const rays = { occupied: {}, pieces: [], attacks: { bitboard: hex(['a1', 'b8']), squares: ['a1', 'b8'], count: 2 } };
  let m = withKnights();
  m = S.piecesAnswered(m, {}, view(['a1', 'b8']), { sliders: sl, rays });
  assert.equal(S.piecesText(m), 'knights on b1 g1, rook on a8, queen on f4');
  assert.equal(S.pieceAt(m, 'f4'), 'queen');
  assert.deepEqual(S.raySquares(m), ['a1', 'b8']);
  assert.equal(S.occupiedBy(m.pieces).join(' '), 'b1 g1');
  // A board replaced keeps them; Clear takes every slider and ray away.
  assert.equal(S.piecesText(S.boardReplaced(m, view(['h1']))), 'knights on b1 g1, rook on a8, queen on f4');
  m = S.cleared(m, view([]));
  assert.equal(S.sliderCount(m.sliders), 0);
  assert.deepEqual(S.raySquares(m), []);
  assert.equal(S.piecesText(m), 'no pieces placed');
  // The last slider taken off: its rays go too.
  m = S.piecesAnswered(S.initial(), {}, view([]), { sliders: S.NO_SLIDERS, rays });
  assert.equal(m.rays, null);
});

test('tour start squares: names up to 26 files, file,rank beyond, both ways as the width changes', () => {
  assert.equal(S.defaultStart('8'), 'a1');
  assert.equal(S.defaultStart('26'), 'a1');
  assert.equal(S.defaultStart('27'), '0,0');
  assert.equal(S.defaultStart('100'), '0,0');
  assert.equal(S.startForm('c3', 100), '2,2');
  assert.equal(S.startForm('(2,2)', 8), 'c3');
  assert.equal(S.startForm('30,4', 26), '30,4', 'a file beyond the board stays as typed');
  assert.equal(S.startForm('nonsense', 100), 'nonsense');
  let m = S.initial();
  assert.deepEqual(S.tourParams(m.tourForm), S.DEFAULT_TOUR);
  m = S.tourEdited(m, { w: '100' });
  m = S.tourEdited(m, { h: '100' });
  assert.deepEqual(S.tourParams(m.tourForm), { board: '100x100', start: '0,0', closed: false });
  m = S.tourEdited(m, { w: '12' });
  assert.equal(m.tourForm.start, 'a1');
  m = S.tourEdited(m, { start: '' });
  assert.equal(S.tourParams(m.tourForm).start, 'a1', 'an empty start is the corner');
});

test('a refused tour clears the one shown; the inputs still read what was asked', () => {
  let m = S.tourShown(S.initial(), S.DEFAULT_TOUR, { board: '8x8', closed: false, path: ['a1'] }, '<svg/>');
  m = S.tourEdited(S.tourEdited(m, { w: '5', h: '5' }), { closed: true });
  const params = S.tourParams(m.tourForm);
  m = S.tourFailed(m, params, 'no tour on 5x5: …');
  assert.equal(m.tour.answer, null);
  assert.equal(m.tour.svg, null);
  assert.equal(m.tour.error, 'no tour on 5x5: …');
  assert.deepEqual(m.tourForm, { w: '5', h: '5', start: 'a1', closed: true });
  assert.equal(m.error, null, 'the error is the tour panel\'s own, not the main error line');
  m = S.tourEdited(m, { w: '6', h: '6' });
  m = S.tourShown(m, { board: '6x6', start: 'a1', closed: true }, { board: '6x6', closed: true, squares: [] }, '<svg/>');
  assert.equal(m.tour.error, null);
  assert.deepEqual(m.tourForm, { w: '6', h: '6', start: 'a1', closed: true });
  // A tour asked on leaving one box, answered after the next was typed in: the boxes keep the typing.
  m = S.tourEdited(m, { h: '7' });
  m = S.tourShown(m, { board: '6x6', start: 'a1', closed: true }, { board: '6x6', closed: true, squares: [] }, '<svg/>');
  assert.deepEqual(m.tourForm, { w: '6', h: '7', start: 'a1', closed: true });
});

test('a position\'s fork moves: the opponent\'s king, queens and rooks the knight attacks', () => {
  const pos = { turn: 'white', pieces: [{ square: 'd5', piece: 'N' }, { square: 'a8', piece: 'q' }, { square: 'e8', piece: 'k' }, { square: 'd7', piece: 'p' }, { square: 'e6', piece: 'B' }] };
  assert.deepEqual(S.positionForks(pos, ['d5c7'], { c7: ['a6', 'a8', 'b5', 'd5', 'e6', 'e8'] }),
    [{ move: 'd5c7', from: 'd5', to: 'c7', targets: ['a8', 'e8'] }]);
});

test('a refused FEN keeps the last good position drawn, and says which it is', () => {
  let m = S.positionLoaded(S.initial(), { fen: S.DEFAULT_FEN, forks: {}, moves: { knight: {}, king: {} } });
  const good = m.position;
  m = S.positionFailed(m, 'bad fen');
  assert.equal(m.position, good);
  assert.equal(m.fenError, `bad fen. The picture still shows the last position read: ${S.DEFAULT_FEN}`);
});

test('a link\'s mistakes are said beside their panels', () => {
  const m = S.linkProblems(S.initial(), [
    { panel: 'board', text: 'from the link: b: bad' },
    { panel: 'fill', text: 'from the link: from=z9 is not a square' },
    { panel: 'position', text: 'from the link: fen: bad' },
    { panel: 'board', text: 'from the link: rooks=zz' },
  ]);
  assert.equal(m.error, 'from the link: b: bad; from the link: rooks=zz');
  assert.equal(m.errors.fill, 'from the link: from=z9 is not a square');
  assert.equal(m.fenError, 'from the link: fen: bad');
});

test('panel errors: set, replaced, cleared', () => {
  let m = S.panelError(S.initial(), 'convert', 'bad number');
  assert.deepEqual(m.errors, { convert: 'bad number' });
  assert.equal(S.panelError(m, 'convert', 'bad number'), m);
  m = S.panelError(m, 'convert', null);
  assert.deepEqual(m.errors, {});
});

test('a method change keeps the step of the same name, or shows every step', () => {
  const m = withKnights();
  const post = steps('knight', B1G1, B1G1_ATTACKS, { method: 'post-mask', names: ['noNoEa', 'noEaEa', 'soEaEa'] });
  const pre = steps('knight', B1G1, B1G1_ATTACKS, { method: 'pre-mask', names: ['noEaEa', 'noNoEa', 'soEaEa'] });
  const prefix = steps('knight', B1G1, B1G1_ATTACKS, { method: 'prefix', names: ['east', 'west', 'up 2'] });
  const onPost = S.stepBy(S.piecesAnswered(m, { knight: post }, post.view), 1); // noNoEa
  assert.equal(S.currentStep(onPost).step.name, 'noNoEa');
  const toPre = S.sameStep(onPost, S.piecesAnswered(onPost, { knight: pre }, pre.view));
  assert.equal(S.currentStep(toPre).step.name, 'noNoEa');
  assert.equal(toPre.step, 1);
  const toPrefix = S.sameStep(onPost, S.piecesAnswered(onPost, { knight: prefix }, prefix.view));
  assert.equal(toPrefix.step, -1, 'no step of that name: every step, not step 1 of another method');
});

test('a position\'s pieces as the main board holds them: kinds by their letters, sides by their case, pawns left off', () => {
  const m = S.withMeta(S.initial(), META);
  const r = S.fenPieces(m, [
    { square: 'a8', piece: 'q' }, { square: 'e8', piece: 'k' }, { square: 'h8', piece: 'r' }, { square: 'd7', piece: 'p' },
    { square: 'd5', piece: 'N' }, { square: 'e1', piece: 'K' }, { square: 'c1', piece: 'B' },
  ]);
  assert.deepEqual(r.list, [
    { square: 'a8', kind: 'queen', side: 'black' }, { square: 'e8', kind: 'king', side: 'black' }, { square: 'h8', kind: 'rook', side: 'black' },
    { square: 'd5', kind: 'knight', side: 'white' }, { square: 'e1', kind: 'king', side: 'white' }, { square: 'c1', kind: 'bishop', side: 'white' },
  ]);
  assert.deepEqual(r.left, ['p']);
  const a = S.arrangement(m, r.list);
  assert.deepEqual(a.placed, { knight: ['d5'], king: ['e8', 'e1'] });
  assert.deepEqual(a.sliders, { rook: ['h8'], bishop: ['c1'], queen: ['a8'] });
  assert.deepEqual(a.sides, { a8: 'black', e8: 'black', h8: 'black' });
});
