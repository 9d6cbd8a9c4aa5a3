// The page's single-letter keys (WCAG 2.1.4, character key shortcuts): P, R, B, Q and each
// leaper's letter (the library's: N, K) pick the tool; W the side of the next piece; A and D
// slide the pieces one file west or east (the devlog's keys); [ and ] step through the
// technique. They act where focus is on the page, the board, a tool chip, a button or a
// checkbox; never in a box text is typed in or in a select (whose letters choose an option),
// and not at all when the "Single-letter keys" setting is off (the link keeps it).

import * as S from './state.js';

const PAGE_KEYS = ['a', 'd', 'w', '[', ']'];
const TYPED = new Set(['text', 'number', 'search', 'email', 'url', 'tel', 'password']);

/** Whether keys pressed in `el` belong to it: text typed into it, or a select's letters. */
export function ownsKeys(el) {
  if (!el || !el.closest) return false;
  if (el.closest('textarea, select, [contenteditable="true"]')) return true;
  return el.tagName === 'INPUT' && TYPED.has(el.type);
}

export function bindKeys(store, actions) {
  const setting = document.getElementById('letter-keys');
  setting.addEventListener('change', () => store.now((m) => S.setLetterKeys(m, setting.checked)));
  document.addEventListener('keydown', (e) => {
    if (e.ctrlKey || e.metaKey || e.altKey || !store.model.letterKeys || ownsKeys(e.target)) return;
    const k = e.key.toLowerCase();
    // A tool's key: the paint tool's, a leaper's letter from the library, a slider's.
    const tool = S.toolOfKey(store.model, k);
    if (!PAGE_KEYS.includes(k) && !tool) return;
    e.preventDefault();
    if (k === 'a' || k === 'd') actions.slide(k);
    else if (k === 'w') store.now((m) => S.setSide(m, m.side === 'white' ? 'black' : 'white'));
    else if (tool) store.now((m) => S.setTool(m, tool));
    else if (k === '[') store.now((m) => S.stepBy(m, -1));
    else if (k === ']') store.now((m) => S.stepBy(m, 1));
  });
  return {
    render(m, prev) {
      if (prev && m.letterKeys === prev.letterKeys) return;
      setting.checked = m.letterKeys;
      document.body.classList.toggle('no-letter-keys', !m.letterKeys);
    },
  };
}
