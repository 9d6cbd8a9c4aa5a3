// "Convert and count": a number from one numbering to another, and the board's popcount by
// each of the library's methods.

import { $, changed, fillSelect } from './dom.js';
import * as S from './state.js';
import { showMessage } from './errors.js';

export function createConvert(store, actions) {
  const convert = () => actions.convert($('#conv-in').value, $('#conv-from').value, $('#conv-to').value);
  $('#conv-in').addEventListener('keydown', (e) => { if (e.key === 'Enter') convert(); });
  // Leaving the box converts what it holds, as Enter does.
  $('#conv-in').addEventListener('change', convert);
  $('#conv-from').addEventListener('change', convert);
  $('#conv-to').addEventListener('change', convert);
  $('#count-method').addEventListener('change', (e) => store.now((m) => S.setCountMethod(m, e.target.value)));

  function render(m, prev) {
    if (changed(m, prev, 'meta') && m.meta) {
      fillSelect($('#conv-from'), m.meta.numberings, m.convertForm.from);
      fillSelect($('#conv-to'), m.meta.numberings, m.convertForm.to);
      fillSelect($('#count-method'), m.meta.count_methods, m.countMethod);
    }
    if (changed(m, prev, 'convertForm', 'meta')) {
      const f = m.convertForm;
      if ($('#conv-in').value !== f.input && document.activeElement !== $('#conv-in')) $('#conv-in').value = f.input;
      if (m.meta && $('#conv-from').value !== f.from) $('#conv-from').value = f.from;
      if (m.meta && $('#conv-to').value !== f.to) $('#conv-to').value = f.to;
    }
    if (changed(m, prev, 'errors')) {
      showMessage($('#convert-error'), m.errors.convert);
    }
    if (changed(m, prev, 'convert')) $('#conv-out').textContent = m.convert ? m.convert.text : '';
    if (changed(m, prev, 'countMethod') && $('#count-method').value !== m.countMethod) $('#count-method').value = m.countMethod;
    if (changed(m, prev, 'view', 'countMethod')) {
      $('#count-out').textContent = m.view ? String(m.view.popcounts[m.countMethod]) : '';
    }
  }

  // The converter's first answer, once the pickers are filled.
  return { render, start: convert };
}
