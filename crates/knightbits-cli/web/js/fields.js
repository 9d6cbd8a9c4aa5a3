// The main board in numbers: hex, decimal and binary fields (typing replaces the board), its
// squares, count and Rust constant, the whole-board edits, the numbering and the error line.

import { $, changed, fillSelect } from './dom.js';
import * as S from './state.js';
import { showMessage } from './errors.js';

const FIELDS = [
  ['hex', (t) => t, 'bitboard'],
  ['dec', (t) => t, 'decimal'],
  ['bin', (t) => (/^\s*0[bB]/.test(t) ? t : '0b' + t.trim()), 'binary'],
];

export function createFields(store, actions) {
  for (const [id, wrap] of FIELDS) {
    const field = $('#' + id);
    field.addEventListener('keydown', (e) => {
      if (e.key !== 'Enter') return;
      e.preventDefault();
      store.now((m) => S.typing(m, id));
      actions.replaceBoard(wrap(field.value), id);
    });
    // Typing keeps the board and the other two fields in step; a half-typed value waits quietly.
    field.addEventListener('input', () => {
      store.now((m) => S.typing(m, id));
      actions.typed(wrap(field.value), id);
    });
    // Leaving a box with a value the library refused says why, as Enter does; Esc puts the
    // board's value back.
    field.addEventListener('blur', () => {
      if (store.model.invalid[id]) actions.replaceBoard(wrap(field.value), id);
      else store.now((m) => S.leftField(m, id));
    });
    field.addEventListener('keydown', (e) => {
      if (e.key !== 'Escape') return;
      e.preventDefault();
      store.now((m) => S.fieldReset(m, id));
    });
  }

  document.querySelectorAll('[data-op]').forEach((b) => b.addEventListener('click', () => {
    const op = b.dataset.op;
    actions.op(op, op === 'shift' ? { n: $('#shift-n').value } : {});
  }));

  $('#copy-hex').addEventListener('click', () => copy(S.bits(store.model), $('#copy-hex')));
  $('#copy-rust').addEventListener('click', () => { if (store.model.view) copy(store.model.view.rust, $('#copy-rust')); });
  $('#numbering').addEventListener('change', (e) => actions.setNumbering(e.target.value));
  $('#show-indices').addEventListener('change', (e) => store.now((m) => S.setIndices(m, e.target.checked)));

  function render(m, prev) {
    if (changed(m, prev, 'attacks', 'rays')) {
      const parts = [];
      if (m.attacks) parts.push(`${m.attacks.bitboard} (a1-b1; ${m.attacks.count} ${m.attacks.count === 1 ? 'square' : 'squares'} by the knights and kings)`);
      if (m.rays) parts.push(`${m.rays.attacks.bitboard} (${m.rays.attacks.count} by the rooks, bishops and queens)`);
      $('#attacks-out').textContent = parts.length ? parts.join(' and ') : 'nothing (no pieces placed)';
    }
    if (changed(m, prev, 'view', 'editing')) {
      const v = m.view;
      for (const [id, , key] of FIELDS) {
        const value = v ? v[key] : '';
        if (m.editing !== id && $('#' + id).value !== value) $('#' + id).value = value;
      }
      $('#squares').textContent = v && v.squares.length ? v.squares.join(' ') : '(empty)';
      const n = v ? v.count : 0;
      $('#count').textContent = `${n} ${n === 1 ? 'square' : 'squares'}`;
      $('#rust').textContent = v ? v.rust : '';
      $('#value').textContent = !v || v.numbering === 'a1-b1' ? '' : `in ${v.numbering}: ${v.value}`;
    }
    if (changed(m, prev, 'error')) showMessage($('#error'), m.error);
    if (changed(m, prev, 'meta') && m.meta) fillSelect($('#numbering'), m.meta.numberings, m.numbering);
    if (changed(m, prev, 'numbering', 'meta') && $('#numbering').value !== m.numbering) $('#numbering').value = m.numbering;
    if (changed(m, prev, 'indices')) $('#show-indices').checked = m.indices;
  }

  return { render };
}

async function copy(text, button) {
  try {
    await navigator.clipboard.writeText(text);
  } catch (_) {
    const t = document.createElement('textarea');
    t.value = text;
    document.body.appendChild(t);
    t.select();
    document.execCommand('copy');
    t.remove();
  }
  button.textContent = 'Copied';
  setTimeout(() => { button.textContent = 'Copy'; }, 1200);
}
