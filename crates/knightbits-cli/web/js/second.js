// "Second board": a bitboard of its own, combined with the main board by and, or, xor, andnot.

import { $, changed, buildMini, onCell } from './dom.js';
import * as S from './state.js';
import { showMessage } from './errors.js';

export function createSecond(store, actions) {
  const cells = buildMini($('#board2'), true);
  onCell($('#board2'), (name) => actions.toggleOther(name));
  $('#hex2').addEventListener('keydown', (e) => {
    if (e.key === 'Enter') { e.preventDefault(); actions.showOther($('#hex2').value); }
  });
  // Leaving the box reads it, as Enter does; a refusal is said beside it.
  $('#hex2').addEventListener('change', () => actions.showOther($('#hex2').value));
  // The operations use what the box shows, read first if it was typed without Enter.
  document.querySelectorAll('[data-op2]').forEach((b) => b.addEventListener('click', () => actions.combine(b.dataset.op2, $('#hex2').value)));
  $('#to-second').addEventListener('click', () => actions.showOther(S.bits(store.model)));
  $('#clear-second').addEventListener('click', () => actions.showOther(S.ZERO));

  function render(m, prev) {
    if (changed(m, prev, 'errors')) {
      showMessage($('#second-error'), m.errors.second);
    }
    if (!m.other || !changed(m, prev, 'other')) return;
    const set = new Set(m.other.squares);
    for (const [name, el] of cells) {
      el.classList.toggle('on', set.has(name));
      el.setAttribute('aria-label', set.has(name) ? `${name}, set` : name);
      el.setAttribute('aria-pressed', set.has(name) ? 'true' : 'false');
    }
    if (document.activeElement !== $('#hex2')) $('#hex2').value = m.other.bitboard;
  }

  return { render };
}
