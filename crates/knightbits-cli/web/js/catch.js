// "Catch the pawn": can a knight stop a passed pawn? The library's knight::catch_square,
// through the catch endpoint (the same answer as `knightbits catch --json`). Its inputs and
// answer are the model's (so a link keeps them); they describe nothing on the main board.

import { $, changed } from './dom.js';
import * as S from './state.js';
import { showMessage } from './errors.js';

/** The inputs and the request parameter each holds. */
const INPUTS = Object.freeze({ knight: '#catch-knight', pawn: '#catch-pawn', side: '#catch-color', to_move: '#catch-to-move' });

/** What the panel says about an answer. */
export function catchText(params, c) {
  return c.caught
    ? `caught on ${c.square}: ${c.knight_moves} knight moves (${c.line.join(' ')}), the pawn has made ${c.pawn_moves} by then`
    : `not caught: the ${params.side} pawn on ${params.pawn} promotes first`;
}

export function createCatch(store, actions) {
  const read = () => Object.fromEntries(Object.entries(INPUTS).map(([k, id]) => [k, $(id).value.trim()]));
  const go = () => {
    store.now((m) => S.catchEdited(m, read()));
    actions.catchPawn();
  };
  $('#catch-go').addEventListener('click', go);
  for (const id of ['#catch-knight', '#catch-pawn']) {
    $(id).addEventListener('keydown', (e) => { if (e.key === 'Enter') { e.preventDefault(); go(); } });
  }
  for (const id of Object.values(INPUTS)) $(id).addEventListener('change', () => store.now((m) => S.catchEdited(m, read())));

  function render(m, prev) {
    if (changed(m, prev, 'catchForm')) {
      for (const [k, id] of Object.entries(INPUTS)) if ($(id).value !== m.catchForm[k] && document.activeElement !== $(id)) $(id).value = m.catchForm[k];
    }
    if (changed(m, prev, 'catch', 'errors')) {
      const c = m.catch;
      $('#catch-out').textContent = c && c.answer ? catchText(c.params, c.answer) : '';
      // The race's refusal, or what a link asked of this panel that the page could not use.
      showMessage($('#catch-error'), (c && c.error) || m.errors.catch);
    }
  }
  return { render };
}
