// knightbits explorer: the page shows; the library (through /api/…) computes.
'use strict';

const $ = (sel) => document.querySelector(sel);
const ZERO = '0x0000000000000000';
const FILES = 'abcdefgh';
const DEFAULT_FEN = 'q3k2r/3p4/8/3N4/8/8/8/4K3 w - - 0 1';

const state = {
  bits: ZERO,        // the main board, LERF hex
  pieces: ZERO,      // squares holding the placed knights or king
  piece: 'knight',
  method: 'lookup',
  numbering: 'a1-b1',
  other: ZERO,       // the second board
  targets: ZERO,     // fork targets
  tool: 'paint',
  step: -1,          // -1: all steps; else the highlighted step
  indices: true,
  cursor: 'd4',
  fen: null,         // the position panel's FEN
  tour: null,        // the tour shown: { board, start, closed }
};

let meta = null;
let view = null;          // last /api/show answer for the main board
let pieceSquares = [];
let steps = null;
const squareEl = new Map(); // name -> element of the main board
const lerfOrder = [];       // square names, a1 first (the order of the API's grid and cells)

// ---- talking to the library ----------------------------------------------------------

async function api(name, params) {
  const query = new URLSearchParams(params || {}).toString();
  const res = await fetch(`/api/${name}${query ? '?' + query : ''}`);
  const body = await res.json();
  if (!res.ok) throw new Error(body.error || res.statusText);
  return body;
}

// Every interaction runs in order, so answers never overtake one another.
let chain = Promise.resolve();
const latencies = [];
window.kbLatencies = latencies;
function act(fn) {
  const started = performance.now();
  chain = chain.then(fn).then(
    () => { clearError(); noteLatency(started); },
    (e) => { showError(e.message); noteLatency(started); },
  );
  return chain;
}
function noteLatency(started) {
  const ms = performance.now() - started;
  latencies.push(ms);
  $('#latency').textContent = `last answer ${ms.toFixed(1)} ms`;
}
window.kbIdle = () => chain;

function showError(msg) {
  const el = $('#error');
  el.textContent = msg;
  el.hidden = false;
}
function clearError() {
  $('#error').hidden = true;
  for (const f of ['#hex', '#dec', '#bin']) $(f).classList.remove('invalid');
}

// ---- the boards ----------------------------------------------------------------------

function squareName(file, rank) { return FILES[file] + (rank + 1); }

function buildMainBoard() {
  const board = $('#board');
  const ranks = $('#ranks');
  for (let rank = 0; rank < 8; rank++) for (let file = 0; file < 8; file++) lerfOrder.push(squareName(file, rank));
  for (let rank = 7; rank >= 0; rank--) {
    const row = document.createElement('div');
    row.setAttribute('role', 'row');
    row.className = 'row8';
    const label = document.createElement('span');
    label.textContent = rank + 1;
    ranks.appendChild(label);
    for (let file = 0; file < 8; file++) {
      const name = squareName(file, rank);
      const el = document.createElement('div');
      el.className = 'sq ' + ((file + rank) % 2 ? 'light' : 'dark');
      el.dataset.square = name;
      el.dataset.set = '0';
      el.setAttribute('role', 'gridcell');
      el.setAttribute('aria-label', name);
      el.setAttribute('aria-selected', 'false');
      el.tabIndex = name === state.cursor ? 0 : -1;
      el.innerHTML = '<span class="idx"></span><span class="pc" aria-hidden="true"></span>';
      row.appendChild(el);
      squareEl.set(name, el);
    }
    board.appendChild(row);
  }
}

// A small board of 64 cells (rank 8 on top) with its own attribute, never data-square.
function buildMini(container, clickable) {
  const cells = new Map();
  for (let rank = 7; rank >= 0; rank--) for (let file = 0; file < 8; file++) {
    const name = squareName(file, rank);
    const el = document.createElement(clickable ? 'button' : 'span');
    if (clickable) { el.type = 'button'; el.setAttribute('aria-label', name); el.tabIndex = name === 'a1' ? 0 : -1; }
    el.className = 'cell ' + ((file + rank) % 2 ? 'light' : 'dark');
    el.dataset.cell = name;
    container.appendChild(el);
    cells.set(name, el);
  }
  if (clickable) {
    // One tab stop per board; arrow keys move between its squares, Enter or Space clicks.
    container.addEventListener('keydown', (e) => {
      const d = { ArrowUp: [0, 1], ArrowDown: [0, -1], ArrowLeft: [-1, 0], ArrowRight: [1, 0] }[e.key];
      const el = e.target.closest('[data-cell]');
      if (!d || !el) return;
      e.preventDefault();
      const f = FILES.indexOf(el.dataset.cell[0]) + d[0];
      const r = Number(el.dataset.cell.slice(1)) - 1 + d[1];
      if (f < 0 || f > 7 || r < 0 || r > 7) return;
      const next = cells.get(squareName(f, r));
      el.tabIndex = -1;
      next.tabIndex = 0;
      next.focus();
    });
  }
  return cells;
}

function renderMain(v) {
  view = v;
  state.bits = v.bitboard;
  const set = new Set(v.squares);
  const gridKey = state.indices ? v.numbering : '';
  const relabel = gridKey !== renderMain.gridKey;
  renderMain.gridKey = gridKey;
  lerfOrder.forEach((name, i) => {
    const el = squareEl.get(name);
    const on = set.has(name) ? '1' : '0';
    if (el.dataset.set !== on) {
      el.dataset.set = on;
      el.setAttribute('aria-selected', on === '1' ? 'true' : 'false');
    }
    if (relabel) el.firstChild.textContent = state.indices ? v.grid[i] : '';
  });
  if (pendingPaint) for (const name of pendingPaint.squares) squareEl.get(name).dataset.set = pendingPaint.value;
  const active = document.activeElement;
  if (active !== $('#hex')) $('#hex').value = v.bitboard;
  if (active !== $('#dec')) $('#dec').value = v.decimal;
  if (active !== $('#bin')) $('#bin').value = v.binary;
  $('#squares').textContent = v.squares.length ? v.squares.join(' ') : '(empty)';
  $('#count').textContent = `${v.count} ${v.count === 1 ? 'square' : 'squares'}`;
  $('#rust').textContent = v.rust;
  $('#value').textContent = v.numbering === 'a1-b1' ? '' : `in ${v.numbering}: ${v.value}`;
  renderPieces();
  saveUrl();
  refreshCount();
  const q = { marked: v.bitboard };
  if (pieceSquares.length) Object.assign(q, { pieces: state.pieces, piece: state.piece });
  $('#svg-link').href = '/api/svg?' + new URLSearchParams(q).toString();
}

function renderPieces() {
  const set = new Set(pieceSquares);
  const glyph = state.piece === 'king' ? '♚' : '♞';
  for (const [name, el] of squareEl) {
    const has = set.has(name);
    el.querySelector('.pc').textContent = has ? glyph : '';
    el.classList.toggle('has-piece', has);
  }
  $('#pieces-out').textContent = pieceSquares.length
    ? `${state.piece}${pieceSquares.length > 1 ? 's' : ''} on ${pieceSquares.join(' ')}` : 'no pieces placed';
}

// Reads any accepted form through the library and shows it.
async function showBits(input, from) {
  const v = await api('show', { input, numbering: state.numbering, from: from || 'a1-b1' });
  renderMain(v);
}

async function applyOp(op, extra) {
  const v = await api('op', Object.assign({ bitboard: state.bits, op, numbering: state.numbering }, extra || {}));
  renderMain(v);
}

// ---- pieces and their attacks ----------------------------------------------------------

function methodsFor(piece) { return piece === 'king' ? meta.king_methods : meta.knight_methods; }

function fillMethods() {
  const sel = $('#method');
  const list = methodsFor(state.piece);
  if (!list.includes(state.method)) state.method = 'lookup';
  sel.innerHTML = '';
  for (const m of list) sel.add(new Option(m, m, false, m === state.method));
}

// One request: the edit of the pieces (if any), their attacks, the steps and every method.
async function recomputeAttacks(edit) {
  steps = await api('steps', Object.assign({ input: state.pieces, piece: state.piece, method: state.method, numbering: state.numbering }, edit || {}));
  state.pieces = steps.pieces.bitboard;
  pieceSquares = steps.pieces.squares;
  if (state.step >= steps.steps.length) state.step = -1;
  renderMain(steps.view);
  renderSteps();
  renderMethods(steps.methods);
}

// The attack set by every method, side by side: the library's techniques agree.
function renderMethods(answers) {
  const body = $('#methods-out');
  body.innerHTML = '';
  if (!pieceSquares.length) return;
  for (const a of answers) {
    const row = body.insertRow();
    row.className = a.method === state.method ? 'current' : '';
    row.insertCell().textContent = a.method;
    const hex = row.insertCell();
    hex.className = 'mono';
    hex.textContent = a.bitboard;
    row.insertCell().textContent = `${a.count} squares`;
  }
}

async function togglePiece(name) {
  await recomputeAttacks({ toggle: name });
}

async function slide(by) {
  if (!pieceSquares.length) return;
  await recomputeAttacks({ by });
  if (!steps.pieces.moved) { flashHint('A piece is at the edge: nothing moved.'); return; }
  if (pieceSquares.length === 1) moveCursorTo(pieceSquares[0], false);
}

const CELL_CLASS = { '1': 'on', r: 'removed', '-': 'masked', '.': '' };

const esc = (t) => String(t).replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]);

// The step cards, written as one string (hundreds of cells render fastest that way).
function renderSteps() {
  const box = $('#steps');
  if (!steps || !pieceSquares.length) {
    box.innerHTML = '';
    $('#step-label').textContent = 'no pieces';
    for (const el of squareEl.values()) el.classList.remove('step-hit', 'step-removed');
    return;
  }
  const html = [];
  steps.steps.forEach((s, i) => {
    const pieces = new Set(s.at || pieceSquares);
    let cls = 'step' + (s.part ? '' : ' temp');
    if (state.step >= 0) cls += i === state.step ? ' current' : i > state.step ? ' later' : ' earlier';
    html.push(`<figure class="${cls}"><div class="mini">`);
    for (let rank = 7; rank >= 0; rank--) for (let file = 0; file < 8; file++) {
      const code = s.cells[rank * 8 + file];
      let c = 'cell ' + ((file + rank) % 2 ? 'light' : 'dark');
      if (CELL_CLASS[code]) c += ' ' + CELL_CLASS[code];
      if (pieces.has(squareName(file, rank))) c += ' piece';
      html.push(`<span class="${c}"></span>`);
    }
    html.push(`</div><figcaption><b>${esc(s.name)}${s.part ? '' : ' (intermediate)'}</b><code>${esc(s.formula)}</code></figcaption></figure>`);
  });
  box.innerHTML = html.join('');
  // The highlighted step is also drawn on the main board, as rings around its squares.
  const current = state.step >= 0 ? steps.steps[state.step] : null;
  lerfOrder.forEach((name, i) => {
    const el = squareEl.get(name);
    const code = current ? current.cells[i] : '.';
    el.classList.toggle('step-hit', code === '1');
    el.classList.toggle('step-removed', code === 'r');
  });
  const n = steps.steps.length;
  $('#step-label').textContent = state.step < 0
    ? `all ${n} steps → ${steps.count} squares`
    : `step ${state.step + 1} of ${n}: ${steps.steps[state.step].name}`;
}

function stepBy(d) {
  if (!steps || !pieceSquares.length) return;
  const n = steps.steps.length;
  let k = state.step + d;
  if (k < -1) k = n - 1;
  if (k >= n) k = -1;
  state.step = k;
  renderSteps();
}

// ---- main board interaction ------------------------------------------------------------

function moveCursorTo(name, focus) {
  const old = squareEl.get(state.cursor);
  if (old) old.tabIndex = -1;
  state.cursor = name;
  const el = squareEl.get(name);
  el.tabIndex = 0;
  if (focus) el.focus();
}

function clickSquare(name) {
  if (state.tool === 'paint') {
    act(() => applyOp('toggle', { square: name }));
  } else {
    act(() => togglePiece(name));
  }
}

let painting = null; // { value: '1'|'0', seen: Set }

function setupBoard() {
  const board = $('#board');
  board.addEventListener('pointerdown', (e) => {
    const el = e.target.closest('[data-square]');
    if (!el || e.button !== 0) return;
    e.preventDefault();
    moveCursorTo(el.dataset.square, true);
    if (state.tool !== 'paint') { clickSquare(el.dataset.square); return; }
    painting = { value: el.dataset.set === '1' ? '0' : '1', seen: new Set() };
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
    if (el && el.dataset.square !== state.cursor) moveCursorTo(el.dataset.square, false);
  });
  board.addEventListener('keydown', (e) => {
    const el = e.target.closest('[data-square]');
    if (!el) return;
    const moves = { ArrowUp: [0, 1, 'north'], ArrowDown: [0, -1, 'south'], ArrowLeft: [-1, 0, 'west'], ArrowRight: [1, 0, 'east'] };
    if (moves[e.key]) {
      e.preventDefault();
      const [df, dr, by] = moves[e.key];
      if (state.tool !== 'paint' && pieceSquares.length && !e.shiftKey) {
        act(() => slide(by));
      } else {
        const f = FILES.indexOf(state.cursor[0]) + df;
        const r = Number(state.cursor.slice(1)) - 1 + dr;
        if (f >= 0 && f < 8 && r >= 0 && r < 8) moveCursorTo(squareName(f, r), true);
      }
    } else if (e.key === ' ' || e.key === 'Enter') {
      e.preventDefault();
      clickSquare(state.cursor);
    }
  });
}

// Squares painted while a request is on its way go together in the next one.
let pendingPaint = null; // { op: 'or' | 'andnot', value, squares: [] }

function paintAt(el) {
  const name = el.dataset.square;
  if (painting.seen.has(name)) return;
  painting.seen.add(name);
  if (el.dataset.set === painting.value) return;
  el.dataset.set = painting.value; // shown at once; the library's answer confirms it
  const op = painting.value === '1' ? 'or' : 'andnot';
  if (pendingPaint && pendingPaint.op === op) { pendingPaint.squares.push(name); return; }
  const batch = { op, value: painting.value, squares: [name] };
  pendingPaint = batch;
  act(async () => {
    if (pendingPaint === batch) pendingPaint = null;
    await applyOp(batch.op, { other: batch.squares.join(',') });
  });
}

function flashHint(text) {
  const hint = $('#hint');
  const old = hint.dataset.base || hint.textContent;
  hint.dataset.base = old;
  hint.textContent = text;
  hint.classList.add('flash');
  setTimeout(() => { hint.textContent = hint.dataset.base; hint.classList.remove('flash'); }, 1600);
}

function setTool(tool) {
  state.tool = tool;
  $(`#tool-${tool}`).checked = true;
  document.body.dataset.tool = tool;
  $('#hint').textContent = tool === 'paint'
    ? 'Click or drag to paint. Arrow keys move the cursor, Space toggles.'
    : `Click to place or remove a ${tool}. Arrow keys or A / D slide the pieces; Shift+arrows move the cursor.`;
  delete $('#hint').dataset.base;
  if (tool !== 'paint' && tool !== state.piece) {
    state.piece = tool;
    fillMethods();
    if (pieceSquares.length) act(() => recomputeAttacks()); else { renderPieces(); saveUrl(); }
  } else {
    saveUrl();
  }
}

// ---- fields -----------------------------------------------------------------------------

function setupFields() {
  const forms = [['#hex', (t) => t], ['#dec', (t) => t], ['#bin', (t) => (/^\s*0[bB]/.test(t) ? t : '0b' + t.trim())]];
  for (const [sel, wrap] of forms) {
    const field = $(sel);
    field.addEventListener('keydown', (e) => {
      if (e.key !== 'Enter') return;
      e.preventDefault();
      act(async () => {
        try {
          await showBits(wrap(field.value));
          field.value = sel === '#hex' ? view.bitboard : sel === '#dec' ? view.decimal : view.binary;
        } catch (err) {
          field.classList.add('invalid');
          throw err;
        }
      });
    });
    // Typing keeps the other two fields in step; a half-typed value waits quietly.
    field.addEventListener('input', () => {
      const text = wrap(field.value);
      chain = chain.then(async () => {
        try {
          const v = await api('show', { input: text, numbering: state.numbering, from: 'a1-b1' });
          field.classList.remove('invalid');
          renderMain(v);
        } catch (_) {
          field.classList.add('invalid');
        }
      });
    });
    field.addEventListener('blur', () => { if (view && !field.classList.contains('invalid')) renderMain(view); });
  }

  document.querySelectorAll('[data-op]').forEach((b) => b.addEventListener('click', () => {
    const op = b.dataset.op;
    act(() => applyOp(op, op === 'shift' ? { n: $('#shift-n').value } : {}));
  }));

  $('#copy-hex').addEventListener('click', () => copy(view.bitboard, '#copy-hex'));
  $('#copy-rust').addEventListener('click', () => copy(view.rust, '#copy-rust'));

  $('#numbering').addEventListener('change', (e) => {
    state.numbering = e.target.value;
    act(() => showBits(state.bits));
  });
  $('#show-indices').addEventListener('change', (e) => {
    state.indices = e.target.checked;
    document.body.classList.toggle('no-indices', !state.indices);
    renderMain(view);
  });
  $('#method').addEventListener('change', (e) => {
    state.method = e.target.value;
    act(() => recomputeAttacks());
  });
  document.querySelectorAll('input[name="tool"]').forEach((r) => r.addEventListener('change', () => setTool(r.value)));
  $('#step-prev').addEventListener('click', () => stepBy(-1));
  $('#step-next').addEventListener('click', () => stepBy(1));
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
  const b = $(button);
  b.textContent = 'Copied';
  setTimeout(() => { b.textContent = 'Copy'; }, 1200);
}

// ---- second board, forks, convert, count --------------------------------------------------

let board2 = null;
let forkCells = null;

async function renderOther(hex) {
  const v = await api('show', { input: hex });
  state.other = v.bitboard;
  const set = new Set(v.squares);
  for (const [name, el] of board2) el.classList.toggle('on', set.has(name));
  if (document.activeElement !== $('#hex2')) $('#hex2').value = v.bitboard;
  saveUrl();
}

async function renderForks(hex) {
  const [t, f] = await Promise.all([api('show', { input: hex }), api('fork-squares', { targets: hex })]);
  state.targets = t.bitboard;
  const targets = new Set(t.squares);
  const forks = new Set(f.squares);
  for (const [name, el] of forkCells) {
    el.classList.toggle('target', targets.has(name));
    el.classList.toggle('on', forks.has(name));
  }
  $('#forks-out').textContent = t.count
    ? `${f.count} fork square${f.count === 1 ? '' : 's'}: ${f.squares.join(' ') || '—'}`
    : 'click squares to place targets';
  $('#forks-out').dataset.bitboard = f.bitboard;
  saveUrl();
}

function setupPanels() {
  board2 = buildMini($('#board2'), true);
  $('#board2').addEventListener('click', (e) => {
    const el = e.target.closest('[data-cell]');
    if (!el) return;
    act(async () => {
      const r = await api('op', { bitboard: state.other, op: 'toggle', square: el.dataset.cell });
      await renderOther(r.bitboard);
    });
  });
  $('#hex2').addEventListener('keydown', (e) => {
    if (e.key === 'Enter') { e.preventDefault(); act(() => renderOther($('#hex2').value)); }
  });
  document.querySelectorAll('[data-op2]').forEach((b) => b.addEventListener('click', () => {
    act(() => applyOp(b.dataset.op2, { other: state.other }));
  }));
  $('#to-second').addEventListener('click', () => act(() => renderOther(state.bits)));
  $('#clear-second').addEventListener('click', () => act(() => renderOther(ZERO)));

  forkCells = buildMini($('#forkboard'), true);
  $('#forkboard').addEventListener('click', (e) => {
    const el = e.target.closest('[data-cell]');
    if (!el) return;
    act(async () => {
      const r = await api('op', { bitboard: state.targets, op: 'toggle', square: el.dataset.cell });
      await renderForks(r.bitboard);
    });
  });
  $('#forks-from-board').addEventListener('click', () => act(() => renderForks(state.bits)));
  $('#forks-to-board').addEventListener('click', () => act(() => showBits($('#forks-out').dataset.bitboard || ZERO)));

  for (const sel of ['#numbering', '#conv-from', '#conv-to']) {
    for (const n of meta.numberings) $(sel).add(new Option(n, n));
  }
  $('#numbering').value = state.numbering;
  $('#conv-from').value = 'h1-g1';
  $('#conv-to').value = 'a1-b1';
  const convert = () => act(async () => {
    try {
      const r = await api('convert', { input: $('#conv-in').value, from: $('#conv-from').value, to: $('#conv-to').value });
      $('#conv-out').textContent = '→ ' + r.bitboard;
    } catch (e) {
      $('#conv-out').textContent = '';
      throw e;
    }
  });
  $('#conv-in').addEventListener('keydown', (e) => { if (e.key === 'Enter') convert(); });
  $('#conv-from').addEventListener('change', convert);
  $('#conv-to').addEventListener('change', convert);
  convert();

  for (const m of meta.count_methods) $('#count-method').add(new Option(m, m, false, m === 'hardware'));
  $('#count-method').addEventListener('change', refreshCount);
}

function refreshCount() {
  if (view) $('#count-out').textContent = String(view.popcounts[$('#count-method').value]);
}

// ---- a position: legal moves and forks ------------------------------------------------------

let posState = null; // { fen, forks, knight, king }

async function loadPosition() {
  const fen = $('#fen').value.trim();
  try {
    const [pos, forks, knight, king] = await Promise.all([
      api('position', { fen }),
      api('forks', { fen }),
      api('moves', { fen, piece: 'knight', legal: 'true' }),
      api('moves', { fen, piece: 'king', legal: 'true', castling: 'true' }),
    ]);
    $('#fen').classList.remove('invalid');
    $('#fen-error').hidden = true;
    posState = { fen: pos.fen, forks, knight, king };
  } catch (e) {
    $('#fen').classList.add('invalid');
    $('#fen-error').textContent = e.message;
    $('#fen-error').hidden = false;
    throw e;
  }
  state.fen = posState.fen;
  renderPosition();
  saveUrl();
}

function list(moves) { return moves.length ? moves.join(' ') : '—'; }

function renderPosition() {
  if (!posState) return;
  const { fen, forks, knight, king } = posState;
  $('#pos-turn').textContent = fen.split(' ')[1] === 'b' ? 'black' : 'white';
  $('#fork-squares').textContent = list(forks.squares);
  $('#fork-moves').textContent = list(forks.moves);
  $('#safe-forks').textContent = list(forks.safe_moves);
  $('#royal-forks').textContent = list(forks.royal_moves);
  $('#knight-moves').textContent = list(knight.moves);
  $('#king-moves').textContent = list(king.moves);
  const which = document.querySelector('input[name="arrows"]:checked').value;
  const arrows = which === 'knight' ? knight.moves : which === 'king' ? king.moves : forks.moves;
  const q = new URLSearchParams({ fen, highlighted: forks.squares.join(',') || '0', arrows: arrows.join(',') });
  $('#pos-svg').src = '/api/svg?' + q.toString();
}

function setupPosition() {
  $('#fen-load').addEventListener('click', () => act(loadPosition));
  $('#fen').addEventListener('keydown', (e) => { if (e.key === 'Enter') { e.preventDefault(); act(loadPosition); } });
  document.querySelectorAll('input[name="arrows"]').forEach((r) => r.addEventListener('change', renderPosition));
  $('#pos-forks-to-board').addEventListener('click', () => {
    if (posState) act(() => showBits(posState.forks.squares.join(',') || '0'));
  });
  $('#pos-knights-to-board').addEventListener('click', () => {
    if (!posState) return;
    const side = posState.fen.split(' ')[1] === 'b' ? 'black' : 'white';
    act(async () => {
      const a = await api('attacks', { fen: posState.fen, side });
      await showBits(a.bitboard);
    });
  });
}

// ---- fill, distance, path ------------------------------------------------------------------

let fillCells = null;
const fillState = { from: null, to: null, k: 0, fills: [], distances: null, path: null };

async function setFillFrom(name) {
  if (!name) {
    Object.assign(fillState, { from: null, to: null, k: 0, fills: [], distances: null, path: null });
    renderFill();
    return;
  }
  const [f, d] = await Promise.all([api('fill', { input: name }), api('distances', { from: name })]);
  Object.assign(fillState, { from: name, to: null, k: 0, fills: f.steps, distances: d.distances, path: null });
  renderFill();
}

async function setFillTo(name) {
  const r = await api('distance', { from: fillState.from, to: name });
  fillState.to = name;
  fillState.path = r;
  renderFill();
}

function renderFill() {
  const { from, k, fills, distances, path } = fillState;
  const inFill = new Set(k > 0 ? fills[k - 1].squares : []);
  const onPath = new Map((path && path.path ? path.path : []).map((sq, i) => [sq, i]));
  lerfOrder.forEach((name, i) => {
    const el = fillCells.get(name);
    el.classList.remove('d0', 'd1', 'd2', 'd3', 'd4', 'd5', 'd6', 'from', 'on', 'path');
    el.textContent = distances ? String(distances[i]) : '';
    if (distances) el.classList.add('d' + distances[i]);
    if (name === from) el.classList.add('from');
    if (inFill.has(name)) el.classList.add('on');
    if (onPath.has(name)) el.classList.add('path');
  });
  $('#fill-label').textContent = from ? `fill ${k} of ${fills.length}` : 'fill 0';
  $('#fill-out').textContent = from
    ? (k > 0 ? `${fills[k - 1].count} squares within ${k} move${k === 1 ? '' : 's'} of ${from}` : `from ${from}: every square within ${fills.length} moves`)
    : 'click a square to start';
  $('#path-out').textContent = path
    ? (path.path ? `${from} → ${fillState.to}: distance ${path.distance}, path ${path.path.join(' ')}` : 'unreachable')
    : '';
  saveUrl();
}

function setupFill() {
  fillCells = buildMini($('#fillboard'), true);
  $('#fillboard').addEventListener('click', (e) => {
    const el = e.target.closest('[data-cell]');
    if (!el) return;
    const name = el.dataset.cell;
    if (!fillState.from) act(() => setFillFrom(name));
    else if (name === fillState.from) act(() => setFillFrom(null));
    else act(() => setFillTo(name));
  });
  const step = (d) => {
    if (!fillState.from) return;
    const n = fillState.fills.length;
    fillState.k = Math.min(n, Math.max(0, fillState.k + d));
    renderFill();
  };
  $('#fill-prev').addEventListener('click', () => step(-1));
  $('#fill-next').addEventListener('click', () => step(1));
  $('#fill-to-board').addEventListener('click', () => {
    const { k, fills, from } = fillState;
    if (from) act(() => showBits(k > 0 ? fills[k - 1].bitboard : from));
  });
  $('#path-to-board').addEventListener('click', () => {
    const p = fillState.path;
    if (p && p.path) act(() => showBits(p.path.join(',')));
  });
}

// ---- knight's tours ----------------------------------------------------------------------

async function showTour() {
  const q = {
    board: `${$('#tour-w').value}x${$('#tour-h').value}`,
    start: $('#tour-start').value.trim() || 'a1',
    closed: $('#tour-closed').checked ? 'true' : 'false',
  };
  const [t, svg] = await Promise.all([
    api('tour', q),
    fetch('/api/tour-svg?' + new URLSearchParams(q).toString()).then((r) => (r.ok ? r.text() : '')),
  ]);
  state.tour = q;
  const box = $('#tour-svg');
  box.innerHTML = svg; // the library's picture, from this server
  const line = box.querySelector('.tour');
  if (line) line.setAttribute('pathLength', '1000');
  playTour();
  const n = t.squares.length;
  const head = t.squares.slice(0, 12).join(' ');
  $('#tour-out').textContent = `${t.closed ? 'closed' : 'open'} tour of ${t.board}, ${n} squares: ${head}${n > 12 ? ' … ' + t.squares[n - 1] : ''}`;
  saveUrl();
}

function playTour() {
  const box = $('#tour-svg');
  box.classList.remove('play');
  void box.offsetWidth; // restart the animation
  box.classList.add('play');
}

function setupTour() {
  $('#tour-go').addEventListener('click', () => act(showTour));
  for (const id of ['#tour-w', '#tour-h', '#tour-start']) {
    $(id).addEventListener('keydown', (e) => { if (e.key === 'Enter') { e.preventDefault(); act(showTour); } });
  }
  $('#tour-play').addEventListener('click', playTour);
}

// ---- keyboard and the URL ------------------------------------------------------------------

function setupKeys() {
  document.addEventListener('keydown', (e) => {
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    const t = e.target;
    if (t.closest && t.closest('input, select, textarea')) return;
    const k = e.key.toLowerCase();
    if (k === 'a' || k === 'd') { e.preventDefault(); act(() => slide(k)); }
    else if (k === 'p') setTool('paint');
    else if (k === 'n') setTool('knight');
    else if (k === 'k') setTool('king');
    else if (k === '[') stepBy(-1);
    else if (k === ']') stepBy(1);
  });
}

function saveUrl() {
  const p = new URLSearchParams();
  if (state.bits !== ZERO) p.set('b', state.bits);
  if (state.pieces !== ZERO) p.set('p', state.pieces);
  if (state.piece !== 'knight') p.set('piece', state.piece);
  if (state.method !== 'lookup') p.set('m', state.method);
  if (state.numbering !== 'a1-b1') p.set('n', state.numbering);
  if (state.other !== ZERO) p.set('o', state.other);
  if (state.targets !== ZERO) p.set('t', state.targets);
  if (state.tool !== 'paint') p.set('tool', state.tool);
  if (state.fen && state.fen !== DEFAULT_FEN) p.set('fen', state.fen);
  if (fillCells && fillState.from) p.set('from', fillState.from);
  if (fillCells && fillState.to) p.set('to', fillState.to);
  if (state.tour) {
    p.set('tour', state.tour.board);
    if (state.tour.start !== 'a1') p.set('ts', state.tour.start);
    if (state.tour.closed === 'true') p.set('tc', '1');
  }
  const hash = p.toString();
  history.replaceState(null, '', hash ? '#' + hash : location.pathname);
}

async function restore() {
  const p = new URLSearchParams(location.hash.slice(1));
  if (p.get('piece') === 'king') state.piece = 'king';
  if (p.get('m')) state.method = p.get('m');
  if (p.get('n') && meta.numberings.includes(p.get('n'))) state.numbering = p.get('n');
  $('#numbering').value = state.numbering;
  fillMethods();
  const tool = p.get('tool');
  if (tool === 'knight' || tool === 'king' || tool === 'paint') setTool(tool);
  if (p.get('p')) {
    const r = await api('show', { input: p.get('p') });
    state.pieces = r.bitboard;
    pieceSquares = r.squares;
    await recomputeAttacks();
  }
  await showBits(p.get('b') || ZERO);
  if (p.get('o')) await renderOther(p.get('o')); else await renderOther(ZERO);
  await renderForks(p.get('t') || ZERO);
  if (p.get('fen')) $('#fen').value = p.get('fen');
  await loadPosition();
  if (p.get('from')) {
    await setFillFrom(p.get('from'));
    if (p.get('to')) await setFillTo(p.get('to'));
  }
  const tour = /^(\d+)x(\d+)$/.exec(p.get('tour') || '');
  if (tour) {
    $('#tour-w').value = tour[1];
    $('#tour-h').value = tour[2];
    if (p.get('ts')) $('#tour-start').value = p.get('ts');
    $('#tour-closed').checked = p.get('tc') === '1';
  }
  await showTour();
}

async function start() {
  buildMainBoard();
  setupBoard();
  meta = await api('meta');
  $('#version').textContent = meta.version;
  fillMethods();
  setupFields();
  setupPanels();
  setupPosition();
  setupFill();
  setupTour();
  setupKeys();
  await act(restore);
  latencies.length = 0; // loading the page is not an interaction
  document.body.dataset.ready = '1';
}

start().catch((e) => showError(e.message));
