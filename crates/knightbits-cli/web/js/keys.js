// Keys anywhere outside a field: P, N, K, R, B, Q pick the tool; A and D slide the pieces (the devlog's
// keys); [ and ] step through the technique.

import * as S from './state.js';

export function bindKeys(store, actions) {
  document.addEventListener('keydown', (e) => {
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    const t = e.target;
    if (t.closest && t.closest('input, select, textarea')) return;
    const k = e.key.toLowerCase();
    if (k === 'a' || k === 'd') { e.preventDefault(); actions.slide(k); }
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
