// The package's functions in Node: bigint bitboards, squares as numbers or names, answers
// against references written here (knight and king jumps, the wiki's figures), refusals as
// ArgumentError naming the argument with the command line's words (the binary in KNIGHTBITS_CLI,
// else target/debug/knightbits, when built), and the types' lists against the library's.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { kb, packageDir, root } from './package.mjs';

const KNIGHT = [[1, 2], [2, 1], [2, -1], [1, -2], [-1, -2], [-2, -1], [-2, 1], [-1, 2]];
const KING = [[0, 1], [1, 1], [1, 0], [1, -1], [0, -1], [-1, -1], [-1, 0], [-1, 1]];

/** The reference: the squares the jumps reach from square `s`, as a bigint. */
function jumps(deltas, s) {
  let set = 0n;
  for (const [df, dr] of deltas) {
    const f = (s % 8) + df;
    const r = Math.floor(s / 8) + dr;
    if (f >= 0 && f < 8 && r >= 0 && r < 8) set |= 1n << BigInt(r * 8 + f);
  }
  return set;
}

const DELTAS = { knight: KNIGHT, king: KING };

/** The reference attacks of the piece `name` on square `s`: its jumps, for the knight and the
 * king; for a piece past them, its lookup (the core proves that against its definition). */
function reference(name, s) {
  return DELTAS[name] ? jumps(DELTAS[name], s) : kb.attacks(s, { piece: name });
}

test('knightAttacks(27) is 0x142200221400n, as the wiki draws d4', () => {
  assert.equal(kb.knightAttacks(27), 0x142200221400n);
  assert.equal(typeof kb.knightAttacks(27), 'bigint');
  assert.equal(kb.knightAttacks('d4'), 0x142200221400n);
});

test('every method of every piece gives the reference attacks of each square', () => {
  const pieces = kb.pieces();
  assert.deepEqual(pieces.map((p) => p.name).slice(0, 2), ['knight', 'king']);
  for (const { name, methods } of pieces) {
    for (const method of methods) {
      for (let s = 0; s < 64; s++) {
        assert.equal(kb.attacks(s, { piece: name, method }), reference(name, s), `${name} ${method} ${s}`);
      }
    }
  }
  assert.equal(kb.kingAttacks(0), 0x302n);
  assert.equal(kb.knightAttacks(63, { method: 'halves' }), 0x20400000000000n);
});

test('a set of squares is a bigint, a square number, a name or a list of either', () => {
  const both = jumps(KNIGHT, 27) | jumps(KNIGHT, 36);
  for (const squares of [[27, 36], ['d4', 'e5'], [27, 'e5'], 0x1008000000n]) {
    assert.equal(kb.knightAttacks(squares), both, String(squares));
  }
  assert.equal(kb.knightAttacks([]), 0n);
  assert.equal(kb.knightAttacks(0n), 0n);
  assert.deepEqual(kb.squareNames(0x8000000000000081n), ['a1', 'h1', 'h8']);
  assert.deepEqual(kb.squareNames(0n), []);
  assert.equal(kb.SQUARES.length, 64);
  assert.equal(kb.SQUARES[0], 'a1');
  assert.equal(kb.SQUARES[27], 'd4');
  assert.equal(kb.SQUARES[63], 'h8');
  assert.ok(Object.isFrozen(kb.SQUARES));
});

test('positions: attacks, legal and pseudo-legal moves, forks', () => {
  const fen = 'q3k2r/3p4/8/3N4/8/8/8/4K3 w - - 0 1';
  assert.deepEqual(kb.legalMoves(fen), ['d5b4', 'd5b6', 'd5c3', 'd5c7', 'd5e3', 'd5e7', 'd5f4', 'd5f6']);
  assert.deepEqual(kb.legalMoves(fen, { piece: 'king' }), ['e1d1', 'e1d2', 'e1e2', 'e1f1', 'e1f2']);
  assert.equal(kb.positionAttacks(fen, 'white'), jumps(KNIGHT, 35)); // the knight on d5
  assert.equal(kb.positionAttacks(fen, 'black', { piece: 'king' }), jumps(KING, 60)); // e8
  assert.deepEqual(kb.forks(fen), { squares: ['c7'], moves: ['d5c7'], forcedMoves: ['d5c7'], royalMoves: ['d5c7'] });
  assert.deepEqual(kb.forks(fen, { targets: 'q' }).squares, []);
  // A pinned knight has pseudo-legal moves and no legal one; a king's pseudo-legal moves
  // include attacked squares.
  const pin = '4k3/4r3/8/8/8/8/4N3/4K3 w - - 0 1';
  assert.deepEqual(kb.legalMoves(pin), []);
  assert.equal(kb.pseudoLegalMoves(pin).length, 6);
  const attacked = '4k3/8/8/8/8/8/8/3rK3 w - - 0 1';
  assert.deepEqual(kb.legalMoves(attacked, { piece: 'king' }), ['e1d1', 'e1e2', 'e1f2']);
  assert.deepEqual(kb.pseudoLegalMoves(attacked, { piece: 'king' }), ['e1d1', 'e1d2', 'e1e2', 'e1f1', 'e1f2']);
  assert.equal(kb.forkSquares(['e8', 'a8']), 1n << 50n); // c7
});

test('fills, reach, distances, paths and tours', () => {
  const steps = kb.fill('a1');
  assert.equal(steps.length, 7, 'a1 and its six fills');
  assert.equal(steps[0], 1n);
  assert.equal(steps[1], 1n | jumps(KNIGHT, 0));
  assert.equal(steps[6], 0xffffffffffffffffn);
  assert.equal(kb.fill(0, 2).length, 3);
  assert.equal(kb.reach('a1', 1, { exactly: true }), jumps(KNIGHT, 0));
  assert.equal(kb.distance('a1', 'h8'), 6);
  assert.equal(kb.distance(0, 0), 0);
  assert.equal(kb.distance('a1', 'b2', { board: '2x2' }), null);
  assert.equal(kb.path('a1', 'b2', { board: '2x2' }), null);
  const path = kb.path([0, 0], [99, 99], { board: '100x100' });
  assert.equal(path.length, 67);
  assert.deepEqual([path[0], path[66]], [[0, 0], [99, 99]], 'past 26 files, squares are [file, rank]');
  assert.deepEqual(kb.path([0, 0], [2, 1], { board: '10x10' }), ['a1', 'c2']);
  assert.deepEqual(kb.distances('a1').slice(0, 3), [0, 3, 2]);
  assert.equal(kb.distances(0).length, 64);
  const t = kb.tour('8x8', { start: 'a1', closed: true });
  assert.equal(t.path.length, 64);
  assert.equal(new Set(t.path).size, 64);
  assert.equal(t.reason, null);
  const none = kb.tour('4x4');
  assert.equal(none.path, null);
  assert.match(none.reason, /no open knight's tour/);
  const big = kb.tour('30x30', { start: [3, 4] });
  assert.equal(big.path.length, 900);
  assert.deepEqual(big.path[0], [3, 4]);
  assert.equal(kb.tour('26x26', { start: 'z26' }).path[0], 'z26');
});

test('steps: each technique as the explorer draws it, adding up to its attacks', () => {
  for (const { name, methods } of kb.pieces()) {
    for (const method of methods) {
      const trace = kb.steps([27, 36], { piece: name, method });
      assert.equal(trace.method, method);
      assert.equal(trace.attacks, reference(name, 27) | reference(name, 36), `${name} ${method}`);
      const union = trace.steps.filter((s) => s.part).reduce((a, s) => a | s.bitboard, 0n);
      assert.equal(union, trace.attacks, `${name} ${method}: the parts add up`);
      for (const s of trace.steps) {
        assert.equal(typeof s.bitboard, 'bigint');
        assert.equal(s.cells.length, 64);
      }
      assert.deepEqual(trace.methods.map((m) => m.method), methods);
    }
  }
  const pre = kb.steps('d4', { method: 'pre-mask' }).steps;
  assert.equal(pre.length, 8);
  // The h-file is outside notHFile ('-'); e6 is the one square set.
  const cells = '.......-'.repeat(8).split('');
  cells[44] = '1';
  assert.deepEqual(pre[0], {
    name: 'noNoEa', formula: '(b & notHFile) << 17', bitboard: 1n << 44n, part: true,
    cells: cells.join(''), shifted: 1n << 44n, mask: 0x7f7f7f7f7f7f7f7fn, removed: 0n,
  });
  assert.match(kb.steps('d4', { method: 'pre-mask', numbering: 'h1-g1' }).steps[0].formula, /<<|>>/);
});

test('a refusal is an ArgumentError naming the argument, with the library words', () => {
  const cases = [
    [() => kb.knightAttacks(64), 'squares', "invalid square '64': expected a square name, a1 to h8"],
    [() => kb.knightAttacks([1, 2.5]), 'squares', "invalid square '2.5': expected a square name, a1 to h8"],
    [() => kb.knightAttacks(-1n), 'squares', "invalid bitboard '-1': invalid digit in number"],
    [() => kb.knightAttacks(1n << 64n), 'squares', "invalid bitboard '18446744073709551616': number does not fit in 64 bits"],
    [() => kb.attacks('d4', { piece: 'queen' }), 'piece', /^invalid piece 'queen': expected knight(, | or )king\b/],
    [() => kb.positionAttacks('8/8/8/8/8/8/8/8 w - - 0 1', 'white'), 'fen', 'invalid fen: white has no king'],
    [() => kb.positionAttacks('4k3/8/8/8/8/8/8/4K3 w - - 0 1', 'red'), 'side', "invalid side 'red': expected white or black"],
    [() => kb.fill('a1', 99), 'moves', "invalid number '99': expected 1 to 64"],
    [() => kb.distance('a1', 'h9'), 'to', "invalid square 'h9': square is not on the board 8x8"],
    [() => kb.steps('d4', { numbering: 'z1' }), 'numbering', undefined],
  ];
  for (const [call, argument, words] of cases) {
    assert.throws(call, (e) => {
      assert.ok(e instanceof kb.ArgumentError && e instanceof kb.KnightbitsError && e instanceof Error, String(e));
      assert.equal(e.name, 'ArgumentError');
      assert.equal(e.status, 400);
      assert.equal(e.argument, argument, e.message);
      if (words instanceof RegExp) assert.match(e.words, words);
      else if (words !== undefined) assert.equal(e.words, words);
      assert.equal(e.message, `argument '${argument}': ${e.words}`);
      return true;
    });
  }
  assert.throws(() => kb.squareNames(27), TypeError);
});

// The command line's binary, for the words of its refusals.
const cli = process.env.KNIGHTBITS_CLI || join(root, 'target/debug/knightbits');

test('refusals carry the command line\'s words for the same wrong input', { skip: existsSync(cli) ? false : `no ${cli}` }, () => {
  const fen = '4k3/8/8/8/8/8/8/4K3 w - - 0 1';
  const cases = [
    [() => kb.knightAttacks('z9'), 'squares', ['attacks', 'z9']],
    [() => kb.knightAttacks('d4', { method: 'shifts' }), 'method', ['attacks', 'd4', '--method', 'shifts']],
    [() => kb.legalMoves('8/8/8/8/8/8/8/8 w - - 0 1'), 'fen', ['moves', '--fen', '8/8/8/8/8/8/8/8 w - - 0 1', '--piece', 'knight', '--legal']],
    [() => kb.legalMoves(fen, { castling: true }), 'castling', ['moves', '--fen', fen, '--piece', 'knight', '--legal', '--castling']],
    [() => kb.forks(fen, { targets: 'xyz' }), 'targets', ['forks', '--fen', fen, '--targets', 'xyz']],
    [() => kb.tour('5x5', { start: 'z9' }), 'start', ['tour', '--board', '5x5', '--start', 'z9']],
    [() => kb.distance('a1', 'k9'), 'to', ['distance', 'a1', 'k9']],
  ];
  for (const [call, argument, args] of cases) {
    let said;
    try {
      execFileSync(cli, args, { stdio: ['ignore', 'ignore', 'pipe'] });
      assert.fail(`knightbits ${args.join(' ')} was not refused`);
    } catch (e) {
      assert.equal(e.status, 2, `knightbits ${args.join(' ')}`);
      said = e.stderr.toString().trim().replace(/^knightbits: /, '').replace(/^--[a-z-]+: /, '');
    }
    assert.throws(call, (e) => {
      assert.ok(e instanceof kb.ArgumentError, String(e));
      assert.equal(e.words, said, args.join(' '));
      assert.equal(e.argument, argument, e.message);
      return true;
    });
  }
});

test('the types list the pieces, methods and numberings the library has', () => {
  const types = readFileSync(join(packageDir, 'index.d.ts'), 'utf8');
  const union = (name) => {
    const m = new RegExp(`export type ${name} =([^;]*);`).exec(types);
    assert.ok(m, `type ${name}`);
    return [...m[1].matchAll(/'([^']+)'/g)].map((x) => x[1]);
  };
  const pieces = kb.pieces();
  assert.deepEqual(union('Piece'), pieces.map((p) => p.name));
  assert.deepEqual(union('KnightMethod'), pieces.find((p) => p.name === 'knight').methods);
  assert.deepEqual(union('KingMethod'), pieces.find((p) => p.name === 'king').methods);
  assert.deepEqual(union('Numbering'), kb.numberings());
});

test('the package: its version is the library\'s, its files are those it names', () => {
  const manifest = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8'));
  assert.equal(manifest.name, 'knightbits');
  assert.equal(manifest.version, kb.VERSION);
  assert.equal(manifest.type, 'module');
  assert.equal(manifest.engines.node, '>=18');
  for (const file of manifest.files) assert.ok(existsSync(join(packageDir, file)), file);
});

// The static explorer `cargo xtask web` wrote (KNIGHTBITS_SITE), when given.
const site = process.env.KNIGHTBITS_SITE;
test('the explorer page and the package load one WebAssembly build', { skip: site ? false : 'KNIGHTBITS_SITE not set' }, () => {
  const page = readFileSync(join(site, 'knightbits.wasm'));
  const shipped = readFileSync(join(packageDir, 'knightbits.wasm'));
  assert.ok(page.equals(shipped), `the page's module (${page.length} bytes) is the package's (${shipped.length} bytes)`);
  assert.ok(shipped.length <= 300_000, `${shipped.length} bytes`);
  // And one loader: the package's wasm.js is the page's.
  assert.equal(readFileSync(join(packageDir, 'wasm.js'), 'utf8'), readFileSync(join(site, 'js/wasm.js'), 'utf8'));
});
