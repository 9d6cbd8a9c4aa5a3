// "Catch the pawn": can a knight stop a passed pawn? The library's knight::catch_square,
// through /api/catch (the same answer as `knightbits catch --json`).
//
// A small self-contained panel: it asks /api/catch itself rather than through api.js and the
// store, so that it stays apart from the page's model while that is reworked.

import { $ } from './dom.js';

async function ask(params) {
  const res = await fetch(`/api/catch?${new URLSearchParams(params)}`);
  const body = await res.json();
  if (!res.ok) throw new Error(body.error || res.statusText);
  return body;
}

export function createCatch() {
  const go = async () => {
    const params = {
      knight: $('#catch-knight').value.trim(),
      pawn: $('#catch-pawn').value.trim(),
      color: $('#catch-color').value,
      to_move: $('#catch-to-move').value,
    };
    const out = $('#catch-out');
    try {
      const c = await ask(params);
      out.textContent = c.caught
        ? `caught on ${c.square}: ${c.knight_moves} knight moves (${c.path.join(' ')}), the pawn has made ${c.pawn_moves} by then`
        : `not caught: the ${params.color} pawn on ${params.pawn} promotes first`;
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
