// "Fork squares": targets on a small board and every square a knight attacks two of them from.

import { $, changed, buildMini, onCell } from './dom.js';
import * as S from './state.js';
import { showMessage } from './errors.js';

export function createForks(store, actions) {
  const cells = buildMini($('#forkboard'), true);
  onCell($('#forkboard'), (name) => actions.toggleTarget(name));
  // The targets a player means: the placed pieces of the side the knight plays against.
  // They follow the pieces from then on (as they do when the page opens), until a target is
  // clicked by hand.
  $('#forks-from-board').addEventListener('click', () => actions.showForks((m) => S.pieceTargets(m).join(',') || S.ZERO, true));
  $('#forks-to-board').addEventListener('click', () => {
    const f = store.model.forks;
    actions.replaceBoard(f ? f.forks.bitboard : S.ZERO);
  });

  function render(m, prev) {
    if (changed(m, prev, 'errors')) {
      showMessage($('#forks-error'), m.errors.forks);
    }
    if (!m.forks || !changed(m, prev, 'forks')) return;
    const { targets: t, forks: f } = m.forks;
    const targets = new Set(t.squares);
    const forks = new Set(f.squares);
    for (const [name, el] of cells) {
      el.classList.toggle('target', targets.has(name));
      el.classList.toggle('on', forks.has(name));
      const what = [name];
      if (targets.has(name)) what.push('target');
      if (forks.has(name)) what.push('fork square');
      el.setAttribute('aria-label', what.join(', '));
    }
    $('#forks-out').textContent = t.count
      ? `${f.count} fork square${f.count === 1 ? '' : 's'}: ${f.squares.join(' ') || '—'}`
      : 'click squares to place targets';
  }

  return { render };
}
