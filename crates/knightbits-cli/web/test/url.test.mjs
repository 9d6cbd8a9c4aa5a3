// The URL fragment (web/js/url.js): what a link asks for, and the link a model writes.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { encode, decode } from '../js/url.js';
import * as S from '../js/state.js';
import { META, view, steps, hex, B1G1, B1G1_ATTACKS, E4_KING, deepFreeze } from './fixtures.mjs';

/** The model a fragment loads into, with hand-written answers standing for the library's. */
function load(fragment) {
  const w = decode(fragment, META);
  const known = { [hex(B1G1)]: B1G1, [hex(['e4'])]: ['e4'], [hex(['d4'])]: ['d4'], '0x00000000000000ff': ['a1', 'b1', 'c1', 'd1', 'e1', 'f1', 'g1', 'h1'] };
  // A bitboard the library would read, or a list of square names.
  const squares = (h) => (h === S.ZERO ? [] : known[h] || (/^[a-h][1-8](,[a-h][1-8])*$/.test(h || '') ? h.split(',') : undefined));
  const pieces = {};
  for (const kind of S.kinds({ meta: META })) {
    if (w.pieces[kind]) pieces[kind] = steps(kind, squares(w.pieces[kind]), kind === 'king' ? E4_KING : B1G1_ATTACKS, { method: w.methods[kind] });
  }
  const m = S.restored(S.withMeta(S.initial(), META), {
    wanted: w,
    view: view(squares(w.bits) || [], w.numbering),
    pieces,
    attacks: view([]),
    other: view(squares(w.other) || []),
    forks: { targets: view(squares(w.targets) || []), forks: view([]) },
    position: { fen: w.fen },
    fill: w.from ? { from: w.from, to: w.to, fills: [], distances: null, path: w.to ? { path: [w.from, w.to] } : null } : null,
    tour: { params: w.tour },
  });
  return deepFreeze(m);
}

test('the page as it starts writes no fragment: the empty fragment is a knight on d4, as the wiki opens', () => {
  assert.equal(encode(load('')), '');
  assert.deepEqual(S.squaresOf(load(''), 'knight'), ['d4']);
  // The empty board is a fragment of its own.
  assert.equal(encode(load(`p=${S.ZERO}`)), `p=${S.ZERO}`);
  assert.deepEqual(decode(`p=${S.ZERO}`, META).pieces, { knight: null, king: null });
  const w = decode('', META);
  assert.deepEqual(w, {
    bits: S.ZERO, pieces: { knight: hex(['d4']), king: null }, sliders: { rook: [], bishop: [], queen: [] }, piece: 'knight',
    methods: { knight: 'lookup', king: 'lookup' }, numbering: 'a1-b1', tool: 'knight',
    other: S.ZERO, targets: S.ZERO, fen: S.DEFAULT_FEN, from: null, to: null, tour: S.DEFAULT_TOUR,
    side: 'white', sides: {}, step: 0, fillStep: 0, indices: true, arrows: 'forks', countMethod: 'hardware',
    convert: S.DEFAULT_CONVERT, catchForm: S.DEFAULT_CATCH, catchAsked: false, help: false, letterKeys: true, attacksShown: 'both', dropped: [],
  });
  // The first screen is about knight patterns: the knight tool is chosen; the d4 knight with
  // the paint tool is a link of its own.
  assert.equal(load('').tool, 'knight');
  assert.equal(encode({ ...load(''), tool: 'paint' }), 'knights=d4');
  assert.equal(decode('knights=d4', META).tool, 'paint');
});

test('a link names the leapers the library has: a piece it lacks is said, not read as a knight', () => {
  const w = decode('piece=camel&p=0x0000000000000002', META);
  assert.equal(w.piece, 'knight');
  assert.deepEqual(w.dropped.map((d) => d.panel), ['steps']);
  // With a third leaper in meta, its tool, pieces and method read through the same parameters.
  const more = { ...META, pieces: [{ name: 'camel', glyph: 'C', key: 'c', castling: false, methods: ['lookup', 'hops'] }, ...META.pieces] };
  const c = decode('tool=camel&p=0x0000000000000002&m=hops', more);
  assert.deepEqual([c.tool, c.piece, c.methods.camel, c.pieces.camel, c.dropped], ['camel', 'camel', 'hops', '0x0000000000000002', []]);
});

test('every control through the link: step, fill step, toggles, converter, sides', () => {
  const f = 'knights=b1%2Cg1&black=b1&side=black&tool=knight&i=0&a=king&cm=loop&ci=0xff&cf=a8-b8&ct=h1-g1';
  assert.equal(encode(load(f)), f);
  const w = decode('s=3&fk=2&i=0&a=king&cm=loop&ci=0xff&cf=a8-b8&ct=h1-g1&black=c7', META);
  assert.deepEqual([w.step, w.fillStep, w.indices, w.arrows, w.countMethod, w.convert, w.sides],
    [3, 2, false, 'king', 'loop', { input: '0xff', from: 'a8-b8', to: 'h1-g1' }, { c7: 'black' }]);
});

test('a value the page cannot use is named with its panel, never dropped silently', () => {
  const w = decode('from=z9&rooks=a1%2Ca1%2Czz&s=x&n=zz&a=lines&tool=pawn', META);
  assert.deepEqual(w.dropped.map((d) => d.panel), ['board', 'board', 'fill', 'board', 'steps', 'position']);
  assert.ok(w.dropped.some((d) => d.text === 'from the link: from=z9 is not a square (a1 … h8)'));
  assert.ok(w.dropped.some((d) => /rooks=a1,a1,zz leaves out a1, zz/.test(d.text)));
  assert.deepEqual(w.sliders.rook, ['a1']);
  assert.equal(decode('b=0xff&from=a1', META).dropped.length, 0);
});

test('a bad side or black square in a link is named beside the board, never dropped silently', () => {
  const w = decode('black=z9,c7&side=green&cs=purple', META);
  assert.deepEqual(w.dropped.map((d) => d.text), [
    'from the link: black=z9,c7 leaves out z9 (not a square)',
    'from the link: side=green is not a side (white, black)',
    'from the link: cs=purple is not one of white, black',
  ]);
  assert.deepEqual(w.dropped.map((d) => d.panel), ['board', 'board', 'catch']);
  assert.deepEqual([w.sides, w.side, w.catchForm.side], [{ c7: 'black' }, 'white', 'white']);
});

test('the pawn race, the keyboard help, the letter keys and whose attacks go through the link', () => {
  const w = decode('ck=h1&cp=a6&cs=black&cw=pawn&race=1&help=1&keys=0&as=black', META);
  assert.deepEqual(w.catchForm, { knight: 'h1', pawn: 'a6', side: 'black', to_move: 'pawn' });
  assert.deepEqual([w.catchAsked, w.help, w.letterKeys, w.attacksShown], [true, true, false, 'black']);
  const off = { ...load(''), letterKeys: false, attacksShown: 'white' };
  assert.equal(encode(off), 'knights=d4&tool=knight&keys=0&as=white');
  assert.deepEqual([load(encode(off)).letterKeys, load(encode(off)).attacksShown], [false, 'white']);
  const m = deepFreeze({ ...load(''), catchForm: { ...S.DEFAULT_CATCH, pawn: 'b5' }, catch: { params: { ...S.DEFAULT_CATCH, pawn: 'b5' } }, help: true });
  assert.equal(encode(m), 'knights=d4&tool=knight&cp=b5&race=1&help=1');
  // Inputs edited but not yet asked are kept too, without the race.
  assert.equal(encode({ ...load(''), catchForm: { ...S.DEFAULT_CATCH, knight: 'e1' } }), 'knights=d4&tool=knight&ck=e1');
});

test('a fragment the page wrote loads into the model that writes it again', () => {
  const fragments = [
    'b=0x00000000000000ff&knights=b1%2Cg1&knight-method=post-mask&n=h1-g1&tool=knight',
    'knights=b1%2Cg1&kings=e4&knight-method=halves&king-method=shifts&piece=king&tool=king',
    `b=0x00000000000000ff&o=0x00000000000000ff&t=${hex(B1G1)}&fen=8%2F8%2F8%2F8%2F8%2F8%2F8%2FK6k+w+-+-+0+1`,
    'from=a1&to=h8&tour=5x5&ts=c3&tc=1',
    'piece=king',
  ];
  for (const f of fragments) assert.equal(encode(load(f)), f, f);
});

test('knights and a king: each kind keeps its own squares and method through the link', () => {
  const m = load(`p=${hex(B1G1)}&m=prefix&q=${hex(['e4'])}&qm=translate`);
  assert.deepEqual(S.squaresOf(m, 'knight'), B1G1);
  assert.deepEqual(S.squaresOf(m, 'king'), ['e4']);
  assert.deepEqual(m.methods, { knight: 'prefix', king: 'translate' });
  // The link names each kind: the same state seen from the king tool writes the same pieces.
  const k = S.setTool(m, 'king');
  assert.equal(encode(k), 'knights=b1%2Cg1&kings=e4&knight-method=prefix&king-method=translate&piece=king&tool=king');
  const again = decode(encode(k), META);
  assert.deepEqual(again.pieces, { knight: 'b1,g1', king: 'e4' });
  assert.deepEqual(again.methods, { knight: 'prefix', king: 'translate' });
  assert.equal(again.tool, 'king');
  // Changing only the tool in a link changes no piece (p once meant "the tool's kind").
  const edited = decode(encode(k).replace('tool=king', 'tool=knight').replace('&piece=king', ''), META);
  assert.deepEqual(edited.pieces, again.pieces);
  assert.deepEqual(edited.methods, again.methods);
  // A square that is none, a method the kind lacks: named, never dropped silently.
  const bad = decode('knights=d4,z9&king-method=prefix', META);
  assert.deepEqual(bad.pieces.knight, 'd4');
  assert.deepEqual(bad.dropped.map((d) => d.text), ['from the link: knights=d4,z9 leaves out z9 (not a square)', 'from the link: king-method=prefix is not a king method']);
});

test('links written before two kinds at once read as they always did', () => {
  // piece=king with p: the pieces are kings, m their method.
  const w = decode(`p=${hex(['e4'])}&piece=king&m=shifts&tool=king`, META);
  assert.deepEqual(w.pieces, { knight: null, king: hex(['e4']) });
  assert.equal(w.methods.king, 'shifts');
  // tool=king alone named the kind of p too.
  assert.deepEqual(decode(`p=${hex(['e4'])}&tool=king`, META).pieces, { knight: null, king: hex(['e4']) });
  // A tour always written, even at its default.
  assert.deepEqual(decode('tour=8x8', META).tour, S.DEFAULT_TOUR);
});

test('names the pickers do not offer fall back to the defaults; bitboards are left to the library', () => {
  const w = decode('#m=shifts&qm=post-mask&n=z1-z2&tool=pawn&piece=rook&from=z9&to=a1&tour=big&b=nonsense', META);
  assert.deepEqual(w.methods, { knight: 'lookup', king: 'lookup' });
  assert.equal(w.numbering, 'a1-b1');
  assert.equal(w.tool, 'paint');
  assert.equal(w.piece, 'knight');
  assert.equal(w.from, null);
  assert.equal(w.to, null);
  assert.deepEqual(w.tour, S.DEFAULT_TOUR);
  assert.equal(w.bits, 'nonsense');
  // A target without a start, or the start itself, is no path.
  assert.equal(decode('to=h8', META).to, null);
  assert.equal(decode('from=a1&to=a1', META).to, null);
});

test('a tour link on a board wider than 26 files starts at 0,0 unless it says otherwise', async () => {
  const { decode } = await import('../js/url.js');
  assert.deepEqual(decode('tour=100x100', META).tour, { board: '100x100', start: '0,0', closed: false });
  assert.deepEqual(decode('tour=100x100&ts=5,7', META).tour, { board: '100x100', start: '5,7', closed: false });
});

test('sliders in a link: square lists, one piece a square, unknown squares dropped; written back', () => {
  const w = decode('rooks=a8,h7,z9&bishops=f4,a8&queens=d1&tool=queen', META);
  assert.deepEqual(w.sliders, { rook: ['a8', 'h7'], bishop: ['f4'], queen: ['d1'] });
  assert.equal(w.tool, 'queen');
  assert.equal(w.piece, 'knight', 'a slider tool leaves the method picker on knights');
  const m = { ...load(`p=${S.ZERO}`), sliders: w.sliders };
  assert.equal(decodeURIComponent(encode(m)), 'rooks=a8,h7&bishops=f4&queens=d1');
});
