// "Fork squares": targets on a small board and every square a knight attacks two of them from.

import { $, changed, buildMini, onCell } from './dom.js';
import * as S from './state.js';

export function createForks(store, actions) {
  const cells = buildMini($('#forkboard'), true);
  onCell($('#forkboard'), (name) => actions.toggleTarget(name));
  $('#forks-from-board').addEventListener('click', () => actions.showForks(S.bits));
  $('#forks-to-board').addEventListener('click', () => {
    const f = store.model.forks;
    actions.replaceBoard(f ? f.forks.bitboard : S.ZERO);
  });

  function render(m, prev) {
    if (!m.forks || !changed(m, prev, 'forks')) return;
    const { targets: t, forks: f } = m.forks;
    const targets = new Set(t.squares);
    const forks = new Set(f.squares);
    for (const [name, el] of cells) {
      el.classList.toggle('target', targets.has(name));
      el.classList.toggle('on', forks.has(name));
    }
    $('#forks-out').textContent = t.count
      ? `${f.count} fork square${f.count === 1 ? '' : 's'}: ${f.squares.join(' ') || '—'}`
      : 'click squares to place targets';
  }

  return { render };
}
