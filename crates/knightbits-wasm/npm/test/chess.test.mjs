// Legal knight and king moves (castling included) agree with chess.js on every position of 40
// random games (seeded): about 4,800 positions, with checks, pinned knights, castling and en
// passant among them (counted, and each required).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Chess } from 'chess.js';
import { kb } from './package.mjs';
import { play } from './agreement.mjs';

test('legal knight and king moves agree with chess.js on thousands of positions of random games', () => {
  const { seen, disagreements } = play(Chess, kb, { games: 40 });
  console.log(`chess.js agreement: ${JSON.stringify(seen)}`);
  assert.deepEqual(disagreements, []);
  assert.ok(seen.positions >= 3000, `${seen.positions} positions`);
  assert.ok(seen.knightMoves >= 10000 && seen.kingMoves >= 5000, JSON.stringify(seen));
  assert.ok(seen.check >= 50, `${seen.check} positions in check`);
  assert.ok(seen.pinnedKnight >= 10, `${seen.pinnedKnight} positions with a pinned knight`);
  assert.ok(seen.castling >= 10, `${seen.castling} positions where castling is legal`);
  assert.ok(seen.enPassant >= 10, `${seen.enPassant} positions where en passant is legal`);
});

test('the positions chess.js writes for castling, en passant and check are read as chess.js reads them', () => {
  // Hand-picked: both castlings through safe squares, castling refused through an attacked
  // square, an en passant capture, a double check (the king alone moves), a knight beside its
  // king and a bishop.
  const cases = [
    'r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1',
    'r3k2r/8/8/8/8/8/5r2/R3K2R w KQkq - 0 1',
    'rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3',
    '4k3/8/8/8/8/5n2/8/r3K3 w - - 0 1',
    '4k3/8/8/1b6/8/8/8/R1N1K3 w - - 0 1',
  ];
  for (const fen of cases) {
    const chess = new Chess(fen);
    const legal = chess.moves({ verbose: true });
    const expect = (piece) => legal.filter((m) => m.piece === piece).map((m) => m.from + m.to).sort();
    assert.deepEqual(kb.legalMoves(fen), expect('n'), fen);
    assert.deepEqual(kb.legalMoves(fen, { piece: 'king', castling: true }), expect('k'), fen);
  }
});
