// "Position: moves and forks": a FEN's legal moves of each leaper (the library's list: knight,
// king) and its knight forks.

import { $, changed, esc } from './dom.js';
import { svgUrl } from './api.js';
import * as S from './state.js';
import { showMessage } from './errors.js';

const list = (moves) => (moves.length ? moves.join(' ') : '—');

const HEAD = '<defs><marker id="pos-head" viewBox="0 0 10 10" refX="5" refY="5" markerWidth="3" markerHeight="3" orient="auto"><path d="M0,0 L10,5 L0,10 z" fill="#ea580c"/></marker></defs>';

// The library's picture: 48-pixel squares from (20, 20), rank 8 on top, in a 424 x 424 view.
const SQ = 48;
const ORIGIN = 20;
function centre(name) {
  return [ORIGIN + SQ * ('abcdefgh'.indexOf(name[0]) + 0.5), ORIGIN + SQ * (8 - Number(name.slice(1)) + 0.5)];
}

/** A line from square `a` to `b`, `s` and `e` pixels short of their centres; a move's has a head. */
function line(a, b, s, e, cls, move) {
  const [x1, y1] = centre(a);
  const [x2, y2] = centre(b);
  const len = Math.hypot(x2 - x1, y2 - y1);
  const [ux, uy] = [(x2 - x1) / len, (y2 - y1) / len];
  const f = (v) => v.toFixed(1);
  const head = move ? ` data-move="${move}" marker-end="url(#pos-head)"` : '';
  return `<line class="${cls}" x1="${f(x1 + ux * s)}" y1="${f(y1 + uy * s)}" x2="${f(x2 - ux * e)}" y2="${f(y2 - uy * e)}"${head}/>`;
}

/** Moves (from-to, e.g. g1f3) as arrows over the library's picture. */
function movesDrawing(moves) {
  return HEAD + moves.map((mv) => line(mv.slice(0, 2), mv.slice(2, 4), SQ * 0.5, SQ * 0.3, 'move', mv)).join('');
}

/** The fork moves over the library's picture. */
function forkDrawing(forked) {
  const out = [HEAD];
  const ringed = new Set();
  for (const f of forked) {
    out.push(line(f.from, f.to, SQ * 0.5, SQ * 0.3, 'move', f.move));
    for (const t of f.targets) {
      out.push(line(f.to, t, SQ * 0.3, SQ * 0.46, 'hit'));
      ringed.add(t);
    }
  }
  for (const t of ringed) {
    const [x, y] = centre(t);
    out.push(`<circle class="forked" data-forked="${t}" cx="${x}" cy="${y}" r="${SQ * 0.46}"/>`);
  }
  return out.join('');
}

export function createPosition(store, actions) {
  const load = () => actions.loadPosition($('#fen').value);
  $('#fen-load').addEventListener('click', load);
  $('#fen').addEventListener('keydown', (e) => { if (e.key === 'Enter') { e.preventDefault(); load(); } });
  // Leaving the box with a changed FEN reads it, as Enter does (a refusal is said beside it).
  $('#fen').addEventListener('change', load);
  // The arrow choices: forks, then one per leaper (made when the library's list arrives).
  const arrowGroup = $('input[name="arrows"]').closest('[role="radiogroup"]');
  arrowGroup.addEventListener('change', (e) => {
    if (e.target.name === 'arrows') store.now((m) => S.setArrows(m, e.target.value));
  });
  const facts = $('#royal-forks').closest('dl');
  $('#pos-forks-to-board').addEventListener('click', () => {
    const p = store.model.position;
    if (p) actions.replaceBoard(p.forks.squares.join(',') || '0');
  });
  $('#pos-to-main').addEventListener('click', () => actions.positionToBoard());
  $('#pos-knights-to-board').addEventListener('click', () => {
    if (store.model.position) actions.positionAttacksToBoard();
  });

  function render(m, prev) {
    if (changed(m, prev, 'meta') && m.meta) {
      for (const old of arrowGroup.querySelectorAll('[data-leaper]')) old.remove();
      for (const old of facts.querySelectorAll('[data-leaper]')) old.remove();
      for (const { name } of m.meta.pieces) {
        arrowGroup.insertAdjacentHTML('beforeend', `<label class="check" data-leaper="${esc(name)}"><input type="radio" name="arrows" value="${esc(name)}"> ${esc(name)} moves</label>`);
        facts.insertAdjacentHTML('beforeend', `<dt data-leaper="${esc(name)}">${esc(S.title(name))} moves</dt><dd data-leaper="${esc(name)}" id="${esc(name)}-moves" class="mono"></dd>`);
      }
    }
    if (changed(m, prev, 'fenError')) {
      showMessage($('#fen-error'), m.fenError);
    }
    if (changed(m, prev, 'arrows', 'meta')) {
      const radio = document.querySelector(`input[name="arrows"][value="${m.arrows}"]`);
      if (radio && !radio.checked) radio.checked = true;
    }
    if (!changed(m, prev, 'position', 'arrows', 'meta')) return;
    if (!m.position) {
      $('#pos-forks').innerHTML = '';
      for (const id of ['#pos-turn', '#fork-squares', '#fork-moves', '#forced-forks', '#royal-forks']) $(id).textContent = '';
      for (const el of facts.querySelectorAll('dd[data-leaper]')) el.textContent = '';
      $('#pos-svg').removeAttribute('src');
      $('#pos-svg').hidden = true;
      return;
    }
    $('#pos-svg').hidden = false;
    const { fen, forks, moves } = m.position;
    if (changed(m, prev, 'position', 'meta')) {
      if ($('#fen').value !== fen && document.activeElement !== $('#fen')) $('#fen').value = fen;
      $('#pos-turn').textContent = fen.split(' ')[1] === 'b' ? 'black' : 'white';
      $('#fork-squares').textContent = list(forks.squares);
      $('#fork-moves').textContent = list(forks.moves);
      $('#forced-forks').textContent = list(forks.forced_moves);
      $('#royal-forks').textContent = list(forks.royal_moves);
      for (const [name, answer] of Object.entries(moves)) {
        const dd = facts.querySelector(`dd[data-leaper="${name}"]`);
        if (dd) dd.textContent = list(answer.moves);
      }
    }
    // The moves are drawn over the library's picture as a player reads them (lichess's way):
    // each arrow from the edge of the moving piece's square (the piece stays in sight); for
    // fork moves, the forked pieces ringed and a dotted line to each.
    if (changed(m, prev, 'position')) $('#pos-svg').src = svgUrl({ fen, highlighted: forks.squares.join(',') || '0' });
    $('#pos-forks').innerHTML = m.arrows === 'forks' ? forkDrawing(m.position.forked || [])
      : movesDrawing(moves[m.arrows] ? moves[m.arrows].moves : []);
  }

  return { render };
}
