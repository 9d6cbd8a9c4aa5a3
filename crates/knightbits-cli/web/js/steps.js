// "Attacks, step by step": the pieces on the board, their attack set by every method, and each
// step of the chosen method as a small board. Everything here describes model.pieces.

import { $, changed, esc, fillSelect } from './dom.js';
import { DRAWN, LERF, isLight } from './squares.js';
import * as S from './state.js';
import { showMessage } from './errors.js';

const CELL_CLASS = { '1': 'on', r: 'removed', '-': 'masked', '.': '' };
const INDEX = Object.fromEntries(LERF.map((name, i) => [name, i]));

export function createSteps(store, actions) {
  $('#method').addEventListener('change', (e) => actions.setMethod(store.model.piece, e.target.value));
  $('#step-prev').addEventListener('click', () => store.now((m) => S.stepBy(m, -1)));
  $('#step-next').addEventListener('click', () => store.now((m) => S.stepBy(m, 1)));

  function render(m, prev) {
    if (changed(m, prev, 'errors')) {
      showMessage($('#steps-error'), m.errors.steps);
    }
    if (changed(m, prev, 'meta', 'piece', 'methods')) {
      fillSelect($('#method'), S.methodsFor(m, m.piece), m.methods[m.piece]);
      $('label[for="method"]').textContent = m.piece ? `${S.title(m.piece)} method` : 'Method';
    }
    if (changed(m, prev, 'pieces', 'methods', 'sliders', 'rays')) {
      $('#pieces-out').textContent = S.piecesText(m);
      renderMethods(m);
    }
    if (changed(m, prev, 'pieces', 'step')) {
      renderCards(m);
      $('#step-label').textContent = S.stepLabel(m);
    } else if (changed(m, prev, 'attacks')) {
      $('#step-label').textContent = S.stepLabel(m);
    }
  }

  return { render };
}

// The attack set by every method, side by side: the library's techniques agree.
function renderMethods(m) {
  const body = $('#methods-out');
  body.innerHTML = '';
  const kinds = S.kindsOnBoard(m);
  for (const kind of kinds) {
    for (const a of m.pieces[kind].methods) {
      const row = body.insertRow();
      row.className = a.method === m.methods[kind] ? 'current' : '';
      row.insertCell().textContent = kinds.length > 1 ? `${S.glyph(m, kind)} ${a.method}` : a.method;
      const hex = row.insertCell();
      hex.className = 'mono';
      hex.textContent = a.bitboard;
      row.insertCell().textContent = `${a.count} squares`;
    }
  }
  // The sliders, one row each: their attacks with every piece on the board as a blocker.
  for (const p of m.rays ? m.rays.pieces : []) {
    const row = body.insertRow();
    row.className = 'slider';
    row.insertCell().textContent = `${S.glyph(m, p.piece)} ${p.piece} ${p.square}`;
    const hex = row.insertCell();
    hex.className = 'mono';
    hex.textContent = p.bitboard;
    row.insertCell().textContent = `${p.count} squares`;
  }
}

/** A step's formula as HTML, each hex number in it kept whole on one line. */
function formula(text) { return esc(text).replace(/0x[0-9a-fA-F]+/g, '<span class="hex">$&</span>'); }

// The step cards, written as one string (hundreds of cells render fastest that way).
function renderCards(m) {
  const all = S.allSteps(m);
  const html = [];
  const mixed = S.kindsOnBoard(m).length > 1;
  all.forEach(({ kind, step: s }, i) => {
    const pieces = new Set(s.at || S.squaresOf(m, kind));
    let cls = 'step' + (s.part ? '' : ' temp');
    if (m.step >= 0) cls += i === m.step ? ' current' : i > m.step ? ' later' : ' earlier';
    html.push(`<figure class="${cls}" data-kind="${kind}"><div class="mini">`);
    for (const name of DRAWN) {
      const code = s.cells[INDEX[name]];
      let c = 'cell ' + (isLight(name) ? 'light' : 'dark');
      if (CELL_CLASS[code]) c += ' ' + CELL_CLASS[code];
      if (pieces.has(name)) c += ' piece';
      html.push(`<span class="${c}"></span>`);
    }
    const who = mixed ? `${S.glyph(m, kind)} ` : '';
    // Each step's own bits: its hex (LERF, a1 = bit 0, whatever the board's numbering) and count.
    const n = [...s.cells].filter((c) => c === '1').length;
    const bits = s.bitboard ? `<span class="step-bits"><code class="hex">${esc(s.bitboard)}</code> <span class="n">a1-b1 · ${n} ${n === 1 ? 'square' : 'squares'}</span></span>` : '';
    html.push(`</div><figcaption><b>${who}${esc(s.name)}${s.part ? '' : ' (intermediate)'}</b><code>${formula(s.formula)}</code>${bits}</figcaption></figure>`);
  });
  $('#steps').innerHTML = html.join('');
}
