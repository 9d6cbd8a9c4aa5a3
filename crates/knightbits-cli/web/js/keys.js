// Keys wherever focus is, except in a box text is typed in: P, R, B, Q and each leaper's letter
// (the library's: N, K) pick the tool; W the
// side of the next piece; A and D slide the pieces one file west or east (the devlog's keys); [ and ]
// step through the technique. On a tool chip, a checkbox, a button or a select they work too (a
// select keeps its own arrow keys).

import * as S from './state.js';

const PAGE_KEYS = ['a', 'd', 'w', '[', ']'];
const TYPED = new Set(['text', 'number', 'search', 'email', 'url', 'tel', 'password']);

/** Whether keys pressed in `el` are text typed into it. */
function isTextField(el) {
  if (!el || !el.closest) return false;
  if (el.closest('textarea, [contenteditable="true"]')) return true;
  return el.tagName === 'INPUT' && TYPED.has(el.type);
}

export function bindKeys(store, actions) {
  document.addEventListener('keydown', (e) => {
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    const t = e.target;
    if (isTextField(t)) return;
    const k = e.key.toLowerCase();
    // A tool's key: the paint tool's, a leaper's letter from the library, a slider's.
    const tool = S.toolOfKey(store.model, k);
    if (!PAGE_KEYS.includes(k) && !tool) return;
    e.preventDefault(); // a select would otherwise jump to an option starting with the letter
    if (k === 'a' || k === 'd') actions.slide(k);
    else if (k === 'w') store.now((m) => S.setSide(m, m.side === 'white' ? 'black' : 'white'));
    else if (tool) store.now((m) => S.setTool(m, tool));
    else if (k === '[') store.now((m) => S.stepBy(m, -1));
    else if (k === ']') store.now((m) => S.stepBy(m, 1));
  });
}
