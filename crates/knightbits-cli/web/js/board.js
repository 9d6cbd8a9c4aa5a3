// The main board, drawn from the model: its bits (data-set), the pieces, the highlighted step's
// rings, the bit indices and the keyboard cursor; and what a click, a drag or a key on it does.

import { $, changed, esc } from './dom.js';
import { DRAWN, LERF, FILES, isLight, offset, ARROWS } from './squares.js';
import * as S from './state.js';

const HINTS = {
  paint: 'Click or drag to paint. Arrow keys move the cursor, Space toggles.',
  rook: 'Click an empty square to place a rook; drag a piece, or click it and then a square, to move it. Violet diamonds: squares a rook, bishop or queen attacks; every piece blocks their rays.',
  bishop: 'Click an empty square to place a bishop; drag a piece, or click it and then a square, to move it. Violet diamonds: squares a rook, bishop or queen attacks; every piece blocks their rays.',
  queen: 'Click an empty square to place a queen; drag a piece, or click it and then a square, to move it. Violet diamonds: squares a rook, bishop or queen attacks; every piece blocks their rays.',
};
/** A leaper's tool hint (the leapers are the library's, `meta.pieces`). */
const leaperHint = (kind) => `Click an empty square to place a ${kind}. Drag a piece, or click it and then a square, to move it; drop it off the board (or click it twice) to take it off. Arrow keys or A / D slide the pieces; Shift+arrows move the cursor.`;
/** What to do with a piece picked up. */
const pickedHint = (m) => `The ${S.sideAt(m, m.selected)} ${S.pieceAt(m, m.selected)} on ${m.selected} is picked up: click a square (or move the cursor and press Enter) to move it there, click it again to take it off the board, Esc to keep it where it is.`;
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
  // As on chessground (lichess's board): a mouse drag with the paint tool paints; a press on a
  // piece drags it (a drop off the board takes it off); a press that stays put is a click. A
  // finger on an empty square, or anywhere with the paint tool, scrolls the page unless it
  // stays put (a tap), so only a finger on a piece keeps the page from scrolling.

  const model = () => store.model;
  const TAP_PX = 10; // a press that moves less than this is a click
  function cursorTo(name, focus) {
    store.now((m) => S.moveCursor(m, name));
    if (focus) squares.get(name).focus({ preventScroll: true });
  }
  /** A click, a tap, Enter or Space on a square: what the tool, and a piece picked up, say. */
  function click(name) {
    const m = model();
    if (m.tool === 'paint') { actions.toggleBit(name); return; }
    const sel = m.selected;
    const here = S.pieceAt(m, name);
    if (sel === name) actions.removePiece(name);
    else if (sel && !(here && S.sideAt(m, name) === S.sideAt(m, sel))) actions.movePiece(sel, name);
    else if (here) store.now((n) => S.select(n, name));
    else if (S.SLIDERS.includes(m.tool)) actions.toggleSlider(name, m.tool);
    else actions.togglePiece(name, m.tool);
  }
  const squareAt = (x, y) => {
    const hit = document.elementFromPoint(x, y);
    return hit && board.contains(hit) ? hit.closest('[data-square]') : null;
  };

  let stroke = null; // a mouse drag with the paint tool: { value: '1' | '0', squares, seen }
  function paintAt(name) {
    if (stroke.seen.has(name)) return;
    stroke.seen.add(name);
    if ((S.isSet(model(), name) ? '1' : '0') !== stroke.value) actions.paint(name, stroke.value, stroke);
  }
  let press = null; // a press not yet a click or a drag: { id, name, x, y, piece, far, dragging, mouse }

  // The piece under a dragging pointer, drawn over the page (the square it left shows it faded).
  const ghost = document.createElement('div');
  ghost.className = 'drag-ghost';
  ghost.hidden = true;
  ghost.setAttribute('aria-hidden', 'true');
  document.body.appendChild(ghost);
  let over = null; // the square a dragged piece is over
  function dragTo(x, y) {
    const size = ghost.offsetWidth;
    ghost.style.transform = `translate(${x - size / 2}px, ${y - size / 2}px)`;
    const el = squareAt(x, y);
    if (el === over) return;
    if (over) over.classList.remove('drop-over');
    over = el;
    if (over) over.classList.add('drop-over');
  }
  function startDrag(p, x, y) {
    p.dragging = true;
    const from = squares.get(p.name);
    ghost.textContent = from.lastChild.textContent;
    ghost.dataset.side = from.dataset.side;
    ghost.dataset.piece = from.dataset.piece;
    ghost.style.width = ghost.style.height = `${from.offsetWidth}px`;
    ghost.style.fontSize = `${from.offsetWidth * 0.8}px`;
    ghost.hidden = false;
    from.classList.add('lifted');
    dragTo(x, y);
  }
  function endDrag(p) {
    ghost.hidden = true;
    squares.get(p.name).classList.remove('lifted');
    if (over) over.classList.remove('drop-over');
    over = null;
  }

  // A finger on a piece drags it: the page must not scroll (the only touch kept from scrolling).
  board.addEventListener('touchstart', (e) => {
    const el = e.target.closest && e.target.closest('[data-square]');
    const m = model();
    if (el && e.touches.length === 1 && m.tool !== 'paint' && S.pieceAt(m, el.dataset.square)) e.preventDefault();
  }, { passive: false });

  board.addEventListener('pointerdown', (e) => {
    const el = e.target.closest('[data-square]');
    if (!el || e.button !== 0 || press || stroke) return;
    const name = el.dataset.square;
    const m = model();
    const mouse = e.pointerType === 'mouse';
    if (mouse) {
      e.preventDefault();
      cursorTo(name, true);
      if (m.tool === 'paint') {
        stroke = { value: S.isSet(m, name) ? '0' : '1', squares: [], seen: new Set() };
        paintAt(name);
        return;
      }
    }
    const piece = m.tool !== 'paint' && Boolean(S.pieceAt(m, name));
    press = { id: e.pointerId, name, x: e.clientX, y: e.clientY, piece, far: false, dragging: false, mouse };
  });
  window.addEventListener('pointermove', (e) => {
    if (stroke && e.pointerType === 'mouse') {
      const el = squareAt(e.clientX, e.clientY);
      if (el) paintAt(el.dataset.square);
      return;
    }
    if (!press || e.pointerId !== press.id) return;
    if (Math.hypot(e.clientX - press.x, e.clientY - press.y) >= TAP_PX) press.far = true;
    if (press.far && press.piece && !press.dragging) startDrag(press, e.clientX, e.clientY);
    if (press.dragging) dragTo(e.clientX, e.clientY);
  });
  window.addEventListener('pointerup', (e) => {
    if (stroke && e.pointerType === 'mouse') {
      const s = stroke;
      stroke = null;
      actions.paintEnd(s);
      return;
    }
    if (!press || e.pointerId !== press.id) return;
    const p = press;
    press = null;
    if (p.dragging) {
      const to = over ? over.dataset.square : null;
      endDrag(p);
      if (!to) actions.removePiece(p.name);
      else if (to !== p.name) actions.movePiece(p.name, to);
      return;
    }
    if (p.far) return; // a finger that moved: the page scrolled, nothing is clicked
    if (!p.mouse) cursorTo(p.name, true);
    click(p.name);
  });
  window.addEventListener('pointercancel', (e) => {
    if (stroke && e.pointerType === 'mouse') {
      const s = stroke;
      stroke = null;
      actions.paintEnd(s);
    }
    if (!press || e.pointerId !== press.id) return;
    if (press.dragging) endDrag(press);
    press = null; // the browser took the touch (a scroll): no click
  });

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
      // A piece picked up goes where the cursor goes (Enter puts it down); else the pieces slide.
      if (m.tool !== 'paint' && S.hasPieces(m) && !e.shiftKey && !m.selected) {
        actions.slide(by);
      } else {
        const to = offset(m.cursor, df, dr);
        if (to) cursorTo(to, true);
      }
    } else if (e.key === ' ' || e.key === 'Enter') {
      e.preventDefault();
      click(m.cursor);
    } else if (e.key === 'Escape' && m.selected) {
      e.preventDefault();
      store.now((n) => S.select(n, null));
    }
  });

  // The keyboard help, open or closed: the model's (a link keeps it).
  const help = $('details.keys');
  help.addEventListener('toggle', () => store.now((m) => S.setHelp(m, help.open)));

  // The tool chips: the leapers' are made from the library's list when it arrives (see render).
  const toolbar = $('#tool-paint').closest('.toolbar');
  toolbar.addEventListener('change', (e) => {
    if (e.target.name === 'tool') store.now((m) => S.setTool(m, e.target.value));
  });
  document.querySelectorAll('input[name="side"]').forEach((r) => r.addEventListener('change', () => {
    store.now((m) => S.setSide(m, r.value));
  }));
  document.querySelectorAll('input[name="shown"]').forEach((r) => r.addEventListener('change', () => {
    store.now((m) => S.showAttacks(m, r.value));
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
    if (changed(m, prev, 'pieces', 'sliders', 'rays', 'sides', 'forked', 'bySide', 'attacksShown')) {
      // Each kind's attacks, of the sides shown (both, White's or Black's).
      const rays = new Set(S.shownAttacks(m, 'slider'));
      const by = S.kinds(m).map((k) => [attackClass(k), new Set(S.shownAttacks(m, k))]);
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
    if (changed(m, prev, 'pieces', 'sliders', 'rays', 'sides', 'forked', 'bySide', 'view', 'overlay', 'indices', 'selected')) {
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
    if (changed(m, prev, 'help') && help.open !== m.help) help.open = m.help;
    if (changed(m, prev, 'attacksShown')) $(`#shown-${m.attacksShown}`).checked = true;
    if (changed(m, prev, 'selected')) {
      if (prev && prev.selected && squares.get(prev.selected)) squares.get(prev.selected).classList.remove('selected');
      if (m.selected) squares.get(m.selected).classList.add('selected');
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
    if (changed(m, prev, 'tool', 'hint', 'selected')) {
      const hint = $('#hint');
      hint.textContent = m.hint || (m.selected ? pickedHint(m) : HINTS[m.tool] || leaperHint(m.tool));
      hint.classList.toggle('flash', Boolean(m.hint));
    }
  }

  // Arrows from each forking knight to the pieces it forks, over the board, drawn as lichess's
  // chessground draws its arrows (see arrowLine).
  board.insertAdjacentHTML('beforeend', '<svg class="fork-arrows" viewBox="0 0 8 8" aria-hidden="true"></svg>');
  const arrows = board.lastChild;
  function drawForkArrows(m) {
    arrows.innerHTML = ARROW_HEAD + m.forked.flatMap((f) => f.targets.map((t) => arrowLine(f.from, t))).join('');
  }

  return { render };
}

// Chessground's arrow (lichess): a line 10/64 of a square wide from the centre of one square
// towards the centre of the other, ending 10/64 of a square short of it, where its head (3 line
// widths long, 4 wide, its base 2.05 widths behind the line's end) points at the centre.
const LINE = 10 / 64;
const MARGIN = 10 / 64;
const ARROW_HEAD = '<defs><marker id="fork-head" orient="auto" markerWidth="4" markerHeight="4" refX="2.05" refY="2"><path d="M0,0 V4 L3,2 Z" fill="#e11d48"/></marker></defs>';

/** The centre of a square in the board's 8 x 8 drawing (rank 8 on top). */
export function centre(name) { return [FILES.indexOf(name[0]) + 0.5, 8 - Number(name.slice(1)) + 0.5]; }

/** An arrow from the centre of square `a` to the centre of square `b`, as chessground draws it. */
export function arrowLine(a, b) {
  const [x1, y1] = centre(a);
  const [x2, y2] = centre(b);
  const angle = Math.atan2(y2 - y1, x2 - x1);
  const f = (v) => v.toFixed(4);
  return `<line class="fork-arrow" stroke-width="${f(LINE)}" x1="${f(x1)}" y1="${f(y1)}" x2="${f(x2 - Math.cos(angle) * MARGIN)}" y2="${f(y2 - Math.sin(angle) * MARGIN)}" marker-end="url(#fork-head)"/>`;
}
