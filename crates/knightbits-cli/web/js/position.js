// "Position: moves and forks": a FEN's legal knight and king moves and its knight forks.

import { $, changed } from './dom.js';
import { svgUrl } from './api.js';
import * as S from './state.js';

const list = (moves) => (moves.length ? moves.join(' ') : '—');

export function createPosition(store, actions) {
  const load = () => actions.loadPosition($('#fen').value);
  $('#fen-load').addEventListener('click', load);
  $('#fen').addEventListener('keydown', (e) => { if (e.key === 'Enter') { e.preventDefault(); load(); } });
  document.querySelectorAll('input[name="arrows"]').forEach((r) => r.addEventListener('change', () => {
    store.now((m) => S.setArrows(m, r.value));
  }));
  $('#pos-forks-to-board').addEventListener('click', () => {
    const p = store.model.position;
    if (p) actions.replaceBoard(p.forks.squares.join(',') || '0');
  });
  $('#pos-knights-to-board').addEventListener('click', () => {
    if (store.model.position) actions.positionAttacksToBoard();
  });

  function render(m, prev) {
    if (changed(m, prev, 'fenError')) {
      $('#fen').classList.toggle('invalid', Boolean(m.fenError));
      $('#fen-error').textContent = m.fenError || '';
      $('#fen-error').hidden = !m.fenError;
    }
    if (changed(m, prev, 'arrows')) {
      const radio = document.querySelector(`input[name="arrows"][value="${m.arrows}"]`);
      if (radio && !radio.checked) radio.checked = true;
    }
    if (!changed(m, prev, 'position', 'arrows')) return;
    if (!m.position) {
      for (const id of ['#pos-turn', '#fork-squares', '#fork-moves', '#forced-forks', '#royal-forks', '#knight-moves', '#king-moves']) $(id).textContent = '';
      $('#pos-svg').removeAttribute('src');
      $('#pos-svg').hidden = true;
      return;
    }
    $('#pos-svg').hidden = false;
    const { fen, forks, knight, king } = m.position;
    if (changed(m, prev, 'position')) {
      if ($('#fen').value !== fen && document.activeElement !== $('#fen')) $('#fen').value = fen;
      $('#pos-turn').textContent = fen.split(' ')[1] === 'b' ? 'black' : 'white';
      $('#fork-squares').textContent = list(forks.squares);
      $('#fork-moves').textContent = list(forks.moves);
      $('#forced-forks').textContent = list(forks.forced_moves);
      $('#royal-forks').textContent = list(forks.royal_moves);
      $('#knight-moves').textContent = list(knight.moves);
      $('#king-moves').textContent = list(king.moves);
    }
    const arrows = m.arrows === 'knight' ? knight.moves : m.arrows === 'king' ? king.moves : forks.moves;
    $('#pos-svg').src = svgUrl({ fen, highlighted: forks.squares.join(',') || '0', arrows: arrows.join(',') });
  }

  return { render };
}
