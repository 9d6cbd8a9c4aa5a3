// "Catch the pawn": can a knight stop a passed pawn? The library's knight::catch_square,
// through the catch endpoint (the same answer as `knightbits catch --json`). A small panel of
// its own: its inputs describe nothing on the main board.

import * as api from './api.js';
import { $ } from './dom.js';

export function createCatch() {
  const go = async () => {
    const params = {
      knight: $('#catch-knight').value.trim(),
      pawn: $('#catch-pawn').value.trim(),
      side: $('#catch-color').value,
      to_move: $('#catch-to-move').value,
    };
    const out = $('#catch-out');
    try {
      const c = await api.catchPawn(params);
      out.textContent = c.caught
        ? `caught on ${c.square}: ${c.knight_moves} knight moves (${c.line.join(' ')}), the pawn has made ${c.pawn_moves} by then`
        : `not caught: the ${params.side} pawn on ${params.pawn} promotes first`;
    } catch (e) {
      out.textContent = e.message;
    }
  };
  $('#catch-go').addEventListener('click', go);
  for (const id of ['#catch-knight', '#catch-pawn']) {
    $(id).addEventListener('keydown', (e) => { if (e.key === 'Enter') { e.preventDefault(); go(); } });
  }
  return { render() {} };
}
