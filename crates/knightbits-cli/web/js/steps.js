// "Attacks, step by step": the pieces on the board, their attack set by every method, and each
// step of the chosen method as a small board. Everything here describes model.pieces.

import { $, changed, esc, fillSelect } from './dom.js';
import { DRAWN, LERF, isLight } from './squares.js';
import * as S from './state.js';
import { showMessage } from './errors.js';

const CELL_CLASS = { '1': 'on', r: 'removed', '-': 'masked', '.': '' };
const INDEX = Object.fromEntries(LERF.map((name, i) => [name, i]));

// The wiki's page, linked from index.html (the page's one outside address).
const WIKI = '<a data-wiki></a>';
const COMPASS = `The eight knight moves are named by the compass, as on the Chess Programming Wiki's ${WIKI} page: <b>noNoEa</b> is north-north-east (two ranks up, one file east), <b>noEaEa</b> north-east-east (one rank up, two files east); soEaEa, soSoEa, soSoWe, soWeWe, noWeWe and noNoWe go round the clock the same way.`;
/**
 * What the names on a method's step cards mean, per piece and method (the page's words; the
 * steps themselves are the library's). A method not listed here is named without a gloss.
 */
const EXPLAINED = {
  knight: {
    lookup: 'One step: the table the library builds at compile time, read at the knight\'s square (<b>ATTACKS[c3]</b> for a knight on c3).',
    'post-mask': `${COMPASS} Each direction shifts the knights, then masks off the files a shift wraps onto (<b>notAFile</b>: every square but file a).`,
    'pre-mask': `${COMPASS} Each direction first masks off the files that would wrap, then shifts.`,
    prefix: `The wiki's first routine for many knights at once: <b>east</b> and <b>west</b> are the knights one file either way; <b>up 2</b> and <b>down 2</b> move those two ranks up and down (<code>&lt;&lt; 16</code>, <code>&gt;&gt; 16</code>); <b>east 2</b> and <b>west 2</b> go one file further; <b>up 1</b> and <b>down 1</b> move those one rank. Dashed cards are intermediate values, not attacks.`,
    halves: `The wiki's second routine: <b>l1</b>, <b>l2</b> are the knights one and two files west (left), <b>r1</b>, <b>r2</b> one and two files east (right), each masked against wrapping; <b>h1</b> = l1 | r1 and <b>h2</b> = l2 | r2 (the halves); then h1 moves two ranks up and down (<code>&lt;&lt; 16</code>, <code>&gt;&gt; 16</code>) and h2 one rank (<code>&lt;&lt; 8</code>, <code>&gt;&gt; 8</code>).`,
    translate: 'The devlog\'s way: its <b>default mask</b> (the knight pattern drawn around f3, written in its h1-g1 numbering) is shifted to the knight\'s square, and the files that wrapped round the edge are removed.',
  },
  king: {
    lookup: 'One step: the table the library builds at compile time, read at the king\'s square (<b>ATTACKS[c3]</b> for a king on c3).',
    shifts: 'The king\'s eight directions by the compass: <b>north</b> is one rank up (<code>&lt;&lt; 8</code>), <b>east</b> one file right, <b>northEast</b> both, and so on round; a shift that moves a file masks off the file it would wrap onto.',
    translate: 'The devlog\'s way: its <b>default mask</b> (the king pattern drawn around g2, in its h1-g1 numbering) is shifted to the king\'s square, and the files that wrapped round the edge are removed.',
  },
};
const HEX_NOTE = ' Each step shows its bits as hex in a1-b1 (a1 = bit 0, whatever the board\'s numbering) and how many squares they hold.';

/** The explanation under the cards: for each kind on the board (else the picked kind), its method's names. */
export function directions(m) {
  const kinds = S.kindsOnBoard(m).length ? S.kindsOnBoard(m) : [m.piece].filter(Boolean);
  const mixed = kinds.length > 1;
  const parts = kinds.map((k) => {
    const method = m.methods[k];
    const text = (EXPLAINED[k] || {})[method] || `Each card is one step of the ${esc(k)}'s ${esc(method)} method.`;
    return mixed ? `<b>${esc(S.glyph(m, k))} ${esc(S.title(k))}, ${esc(method)}:</b> ${text}` : text;
  });
  return parts.join(' ') + HEX_NOTE;
}

export function createSteps(store, actions) {
  const wiki = $('#directions a').outerHTML;
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
    if (changed(m, prev, 'pieces', 'methods', 'piece', 'meta')) {
      const html = directions(m).replace(WIKI, wiki);
      if ($('#directions').innerHTML !== html) $('#directions').innerHTML = html;
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
