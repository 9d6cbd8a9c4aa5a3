// Keys wherever focus is, except in a box text is typed in: P, N, K, R, B, Q pick the tool; W the
// side of the next piece; A and D slide the pieces one file west or east (the devlog's keys); [ and ]
// step through the technique. On a tool chip, a checkbox, a button or a select they work too (a
// select keeps its own arrow keys).

import * as S from './state.js';

const PAGE_KEYS = ['a', 'd', 'w', 'p', 'n', 'k', 'r', 'b', 'q', '[', ']'];
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
    if (!PAGE_KEYS.includes(k)) return;
    e.preventDefault(); // a select would otherwise jump to an option starting with the letter
    if (k === 'a' || k === 'd') actions.slide(k);
    else if (k === 'w') store.now((m) => S.setSide(m, m.side === 'white' ? 'black' : 'white'));
    else if (k === 'p') store.now((m) => S.setTool(m, 'paint'));
    else if (k === 'n') store.now((m) => S.setTool(m, 'knight'));
    else if (k === 'k') store.now((m) => S.setTool(m, 'king'));
    else if (k === 'r') store.now((m) => S.setTool(m, 'rook'));
    else if (k === 'b') store.now((m) => S.setTool(m, 'bishop'));
    else if (k === 'q') store.now((m) => S.setTool(m, 'queen'));
    else if (k === '[') store.now((m) => S.stepBy(m, -1));
    else if (k === ']') store.now((m) => S.stepBy(m, 1));
  });
}
