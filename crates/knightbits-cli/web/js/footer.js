// The footer: the library's version, the board as an SVG download, the last answer's latency.

import { $, changed } from './dom.js';
import { svgUrl, backend } from './api.js';
import * as S from './state.js';

export function createFooter() {
  $('#backend').textContent = backend === 'wasm'
    ? 'the page computes nothing: the library, compiled to WebAssembly, answers in the page'
    : 'the page computes nothing: it asks the library at /api/…';
  document.body.dataset.backend = backend;
  function render(m, prev) {
    if (changed(m, prev, 'meta') && m.meta) $('#version').textContent = m.meta.version;
    if (changed(m, prev, 'view', 'pieces', 'piece')) {
      const q = { marked: S.bits(m) };
      const kinds = S.kindsOnBoard(m);
      // The picture draws one kind of piece: the picker's kind if it is on the board.
      const kind = kinds.includes(m.piece) ? m.piece : kinds[0];
      if (kind) Object.assign(q, { pieces: m.pieces[kind].pieces.bitboard, piece: kind });
      const link = $('#svg-link');
      link.href = svgUrl(q);
      link.title = kinds.length > 1 ? `The picture shows the ${kind}s only: it draws one kind of piece.` : '';
    }
    if (changed(m, prev, 'latency') && m.latency !== null) $('#latency').textContent = `last answer ${m.latency.toFixed(1)} ms`;
  }
  return { render };
}
