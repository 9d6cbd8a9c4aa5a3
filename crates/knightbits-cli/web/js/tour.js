// "Knight's tour": a tour of any board up to 100 x 100, drawn by the library and animated.

import { $, changed } from './dom.js';

export function createTour(store, actions) {
  const go = () => actions.showTour({
    board: `${$('#tour-w').value}x${$('#tour-h').value}`,
    start: $('#tour-start').value.trim() || 'a1',
    closed: $('#tour-closed').checked,
  });
  $('#tour-go').addEventListener('click', go);
  for (const id of ['#tour-w', '#tour-h', '#tour-start']) {
    $(id).addEventListener('keydown', (e) => { if (e.key === 'Enter') { e.preventDefault(); go(); } });
  }
  $('#tour-play').addEventListener('click', play);

  function render(m, prev) {
    if (!m.tour || !changed(m, prev, 'tour')) return;
    const { params, answer: t, svg } = m.tour;
    const [w, h] = params.board.split('x');
    $('#tour-w').value = w;
    $('#tour-h').value = h;
    $('#tour-start').value = params.start;
    $('#tour-closed').checked = params.closed;
    const box = $('#tour-svg');
    box.innerHTML = svg; // the library's picture, from this server
    const line = box.querySelector('.tour');
    if (line) line.setAttribute('pathLength', '1000');
    play();
    const n = t.squares.length;
    const head = t.squares.slice(0, 12).join(' ');
    $('#tour-out').textContent = `${t.closed ? 'closed' : 'open'} tour of ${t.board}, ${n} squares: ${head}${n > 12 ? ' … ' + t.squares[n - 1] : ''}`;
  }

  return { render };
}

function play() {
  const box = $('#tour-svg');
  box.classList.remove('play');
  void box.offsetWidth; // restart the animation
  box.classList.add('play');
}
