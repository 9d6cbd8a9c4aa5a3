// Legal knight and king moves against chess.js, on positions of random games: shared by the
// Node test (chess.test.mjs) and the Chromium test (browser.test.mjs), which hand in chess.js's
// `Chess` and the package's module. chess.js is the reference: every expected move is its own.

/** A seeded generator (mulberry32): the same games on every run. */
export function rng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const JUMPS = [[1, 2], [2, 1], [2, -1], [1, -2], [-1, -2], [-2, -1], [-2, 1], [-1, 2]];
const FILES = 'abcdefgh';

// Does a knight of the side to move on `square` have a jump to a square its side does not hold
// yet no legal move (so it is pinned)? Only asked when the side is not in check.
function pinned(chess, square) {
  const file = FILES.indexOf(square[0]);
  const rank = Number(square[1]) - 1;
  const own = chess.turn();
  const open = JUMPS.some(([df, dr]) => {
    const f = file + df;
    const r = rank + dr;
    if (f < 0 || f > 7 || r < 0 || r > 7) return false;
    const piece = chess.get(FILES[f] + (r + 1));
    return !piece || piece.color !== own;
  });
  return open && chess.moves({ square, verbose: true }).length === 0;
}

const sorted = (moves) => [...moves].sort();

/**
 * Plays `games` random games of at most `plies` plies from the start (seeded), and compares, in
 * every position reached, the package's legal knight moves and legal king moves (castling
 * included) with chess.js's. Returns the counts of positions, of moves compared, of positions
 * in check, with a pinned knight, with castling or en passant among the legal moves, and the
 * first disagreements.
 */
export function play(Chess, kb, { games, plies = 120, seed = 46 }) {
  const random = rng(seed);
  const seen = { positions: 0, knightMoves: 0, kingMoves: 0, check: 0, pinnedKnight: 0, castling: 0, enPassant: 0 };
  const disagreements = [];
  for (let g = 0; g < games; g++) {
    const chess = new Chess();
    for (let ply = 0; ply < plies; ply++) {
      const fen = chess.fen();
      const legal = chess.moves({ verbose: true });
      if (legal.length === 0) break; // mate or stalemate
      const knight = sorted(legal.filter((m) => m.piece === 'n').map((m) => m.from + m.to));
      const king = sorted(legal.filter((m) => m.piece === 'k').map((m) => m.from + m.to));
      const ours = {
        knight: kb.legalMoves(fen, { piece: 'knight' }),
        king: kb.legalMoves(fen, { piece: 'king', castling: true }),
      };
      seen.positions++;
      seen.knightMoves += knight.length;
      seen.kingMoves += king.length;
      if (JSON.stringify(ours.knight) !== JSON.stringify(knight) || JSON.stringify(ours.king) !== JSON.stringify(king)) {
        if (disagreements.length < 5) disagreements.push({ fen, chessjs: { knight, king }, knightbits: ours });
      }
      if (chess.inCheck()) {
        seen.check++;
      } else {
        const knights = chess.board().flat().filter((p) => p && p.type === 'n' && p.color === chess.turn());
        if (knights.some((p) => pinned(chess, p.square))) seen.pinnedKnight++;
      }
      if (legal.some((m) => m.flags.includes('k') || m.flags.includes('q'))) seen.castling++;
      if (legal.some((m) => m.flags.includes('e'))) seen.enPassant++;
      // Half the time a castling or an en passant capture when there is one (so that games
      // reach positions after them too), otherwise any legal move.
      const rare = legal.filter((m) => m.flags.includes('k') || m.flags.includes('q') || m.flags.includes('e'));
      const pool = rare.length > 0 && random() < 0.5 ? rare : legal;
      chess.move(pool[Math.floor(random() * pool.length)]);
    }
  }
  return { seen, disagreements };
}
