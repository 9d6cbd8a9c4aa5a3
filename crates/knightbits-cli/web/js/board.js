// The main board, drawn from the model: its bits (data-set), the pieces, the highlighted step's
// rings, the bit indices and the keyboard cursor; and what a click, a drag or a key on it does.

import { $, changed, esc } from './dom.js';
import { DRAWN, LERF, FILES, isLight, offset, ARROWS } from './squares.js';
import * as S from './state.js';

const HINTS = {
  paint: 'Click or drag to paint. Arrow keys move the cursor, Space toggles.',
  rook: 'Click to place or remove a rook. Violet diamonds: squares a rook, bishop or queen attacks; every piece blocks their rays.',
  bishop: 'Click to place or remove a bishop. Violet diamonds: squares a rook, bishop or queen attacks; every piece blocks their rays.',
  queen: 'Click to place or remove a queen. Violet diamonds: squares a rook, bishop or queen attacks; every piece blocks their rays.',
};
/** A leaper's tool hint (the leapers are the library's, `meta.pieces`). */
const leaperHint = (kind) => `Click to place or remove a ${kind}. Arrow keys or A / D slide the pieces; Shift+arrows move the cursor.`;
/** The colour class of the squares a leaper attacks (the page's style; a new leaper gets its own). */
const attackClass = (kind) => ({ knight: 'kn-att', king: 'kg-att' })[kind] || `att-${kind}`;

export function createBoard(store, actions) {
  const board = $('#board');
  const squares = new Map(); // name -> element

  // rank 8 on top, 8 rows of 8
  for (let row = 0; row < 8; row++) {
    const label = document.createElement('span');
    label.textContent = 8 - row;
    $('#ranks').appendChild(label);
    const rowEl = document.createElement('div');
    rowEl.setAttribute('role', 'row');
    rowEl.className = 'row8';
    for (const name of DRAWN.slice(row * 8, row * 8 + 8)) {
      const el = document.createElement('div');
      el.className = 'sq ' + (isLight(name) ? 'light' : 'dark');
      el.dataset.square = name;
      el.dataset.set = '0';
      el.setAttribute('role', 'gridcell');
      el.setAttribute('aria-label', name);
      el.tabIndex = -1;
      el.innerHTML = '<span class="idx" aria-hidden="true"></span><span class="pc" aria-hidden="true"></span>';
      rowEl.appendChild(el);
      squares.set(name, el);
    }
    board.appendChild(rowEl);
  }

  // ---- input ----

  const model = () => store.model;
  function cursorTo(name, focus) {
    store.now((m) => S.moveCursor(m, name));
    if (focus) squares.get(name).focus();
  }
  function click(name) {
    const m = model();
    if (m.tool === 'paint') actions.toggleBit(name);
    else if (S.SLIDERS.includes(m.tool)) actions.toggleSlider(name, m.tool);
    else actions.togglePiece(name, m.tool);
  }

  let painting = null; // a drag with the paint tool: { value: '1' | '0', seen: Set }
  function paintAt(el) {
    const name = el.dataset.square;
    if (painting.seen.has(name)) return;
    painting.seen.add(name);
    if ((S.isSet(model(), name) ? '1' : '0') === painting.value) return;
    actions.paint(name, painting.value);
  }

  board.addEventListener('pointerdown', (e) => {
    const el = e.target.closest('[data-square]');
    if (!el || e.button !== 0) return;
    e.preventDefault();
    cursorTo(el.dataset.square, true);
    if (model().tool !== 'paint') { click(el.dataset.square); return; }
    painting = { value: S.isSet(model(), el.dataset.square) ? '0' : '1', seen: new Set() };
    paintAt(el);
  });
  board.addEventListener('pointermove', (e) => {
    if (!painting) return;
    const hit = document.elementFromPoint(e.clientX, e.clientY);
    const el = hit && hit.closest('[data-square]');
    if (el) paintAt(el);
  });
  const stop = () => { painting = null; };
  window.addEventListener('pointerup', stop);
  window.addEventListener('pointercancel', stop);

  // The cursor is wherever focus is, however it got there.
  board.addEventListener('focusin', (e) => {
    const el = e.target.closest('[data-square]');
    if (el) cursorTo(el.dataset.square, false);
  });
  board.addEventListener('keydown', (e) => {
    const el = e.target.closest('[data-square]');
    if (!el) return;
    const m = model();
    if (ARROWS[e.key]) {
      e.preventDefault();
      const [df, dr, by] = ARROWS[e.key];
      if (m.tool !== 'paint' && S.hasPieces(m) && !e.shiftKey) {
        actions.slide(by);
      } else {
        const to = offset(m.cursor, df, dr);
        if (to) cursorTo(to, true);
      }
    } else if (e.key === ' ' || e.key === 'Enter') {
      e.preventDefault();
      click(m.cursor);
    }
  });

  // The tool chips: the leapers' are made from the library's list when it arrives (see render).
  const toolbar = $('#tool-paint').closest('.toolbar');
  toolbar.addEventListener('change', (e) => {
    if (e.target.name === 'tool') store.now((m) => S.setTool(m, e.target.value));
  });
  document.querySelectorAll('input[name="side"]').forEach((r) => r.addEventListener('change', () => {
    store.now((m) => S.setSide(m, r.value));
  }));

  // ---- drawing ----

  function render(m, prev) {
    if (changed(m, prev, 'view', 'overlay')) {
      for (const [name, el] of squares) {
        const on = S.isSet(m, name) ? '1' : '0';
        if (el.dataset.set !== on) el.dataset.set = on;
      }
    }
    if (changed(m, prev, 'indices') || (m.view && (!prev || !prev.view || m.view.numbering !== prev.view.numbering))) {
      const grid = m.indices && m.view ? m.view.grid : null;
      LERF.forEach((name, i) => { squares.get(name).firstChild.textContent = grid ? grid[i] : ''; });
      document.body.classList.toggle('no-indices', !m.indices);
    }
    if (changed(m, prev, 'pieces', 'sliders', 'rays', 'sides', 'forked')) {
      const rays = new Set(S.raySquares(m));
      const by = S.kinds(m).map((k) => [attackClass(k), new Set(m.pieces[k] ? m.pieces[k].squares : [])]);
      const forked = new Set(m.forked.flatMap((f) => f.targets));
      const forking = new Set(m.forked.map((f) => f.from));
      for (const [name, el] of squares) {
        el.classList.toggle('ray', rays.has(name));
        for (const [cls, set] of by) el.classList.toggle(cls, set.has(name));
        el.classList.toggle('forked', forked.has(name));
        el.classList.toggle('forking', forking.has(name));
        const kind = S.pieceAt(m, name);
        const glyph = kind ? S.glyph(m, kind) : '';
        const pc = el.lastChild;
        if (pc.textContent !== glyph) pc.textContent = glyph;
        el.classList.toggle('has-piece', Boolean(kind));
        if (kind) {
          el.dataset.piece = kind;
          el.dataset.side = S.sideAt(m, name);
        } else {
          delete el.dataset.piece;
          delete el.dataset.side;
        }
      }
      drawForkArrows(m);
    }
    if (changed(m, prev, 'pieces', 'sliders', 'rays', 'sides', 'forked', 'view', 'overlay', 'indices')) {
      const grid = m.indices && m.view ? m.view.grid : null;
      for (const [i, name] of LERF.entries()) {
        const el = squares.get(name);
        const label = S.squareLabel(m, name, grid ? grid[i] : null);
        if (el.getAttribute('aria-label') !== label) el.setAttribute('aria-label', label);
      }
    }
    if (changed(m, prev, 'pieces', 'step')) {
      const cells = S.ringCells(m);
      LERF.forEach((name, i) => {
        const el = squares.get(name);
        const code = cells ? cells[i] : '.';
        el.classList.toggle('step-hit', code === '1');
        el.classList.toggle('step-removed', code === 'r');
      });
    }
    if (changed(m, prev, 'cursor')) {
      if (prev && squares.get(prev.cursor)) squares.get(prev.cursor).tabIndex = -1;
      squares.get(m.cursor).tabIndex = 0;
    }
    if (changed(m, prev, 'meta') && m.meta) {
      // One chip per leaper, after the paint tool's: its glyph, name and key from the library.
      for (const old of toolbar.querySelectorAll('label[data-leaper]')) old.remove();
      let at = $('#tool-paint').closest('label');
      for (const p of m.meta.pieces) {
        const chip = document.createElement('label');
        chip.className = 'tool';
        chip.dataset.leaper = p.name;
        chip.innerHTML = `<input type="radio" name="tool" value="${esc(p.name)}" id="tool-${esc(p.name)}"> <span>${esc(p.glyph)} ${esc(S.title(p.name))} <kbd>${esc(p.key.toUpperCase())}</kbd></span>`;
        at.after(chip);
        at = chip;
      }
    }
    if (changed(m, prev, 'tool', 'meta')) {
      document.body.dataset.tool = m.tool;
      const radio = $(`#tool-${m.tool}`);
      if (radio && !radio.checked) radio.checked = true;
    }
    if (changed(m, prev, 'side')) {
      const radio = $(`#side-${m.side}`);
      if (!radio.checked) radio.checked = true;
      document.body.dataset.side = m.side;
    }
    if (changed(m, prev, 'tool', 'hint')) {
      const hint = $('#hint');
      hint.textContent = m.hint || HINTS[m.tool] || leaperHint(m.tool);
      hint.classList.toggle('flash', Boolean(m.hint));
    }
  }

  // Arrows from each forking knight to the pieces it forks, over the board (lichess's way):
  // each starts at the edge of the knight's square, so the knight stays in sight.
  board.insertAdjacentHTML('beforeend', '<svg class="fork-arrows" viewBox="0 0 8 8" aria-hidden="true"></svg>');
  const arrows = board.lastChild;
  function drawForkArrows(m) {
    arrows.innerHTML = ARROW_HEAD + m.forked.flatMap((f) => f.targets.map((t) => arrowLine(f.from, t))).join('');
  }

  return { render };
}

const ARROW_HEAD = '<defs><marker id="fork-head" viewBox="0 0 10 10" refX="6" refY="5" markerWidth="3.2" markerHeight="3.2" orient="auto"><path d="M0,0 L10,5 L0,10 z" fill="#e11d48"/></marker></defs>';

/** The centre of a square in the board's 8 x 8 drawing (rank 8 on top). */
function centre(name) { return [FILES.indexOf(name[0]) + 0.5, 8 - Number(name.slice(1)) + 0.5]; }

/** An arrow from square `a` to square `b`, leaving both pieces uncovered. */
export function arrowLine(a, b) {
  const [x1, y1] = centre(a);
  const [x2, y2] = centre(b);
  const len = Math.hypot(x2 - x1, y2 - y1);
  const [ux, uy] = [(x2 - x1) / len, (y2 - y1) / len];
  const s = 0.42;
  const e = 0.5;
  const f = (v) => v.toFixed(3);
  return `<line class="fork-arrow" x1="${f(x1 + ux * s)}" y1="${f(y1 + uy * s)}" x2="${f(x2 - ux * e)}" y2="${f(y2 - uy * e)}" marker-end="url(#fork-head)"/>`;
}
