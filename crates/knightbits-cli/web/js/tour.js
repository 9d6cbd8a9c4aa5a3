// "Knight's tour": a tour of any board up to 100 x 100, drawn by the library and animated. The
// inputs are the model's tourForm (typing goes through it); the picture and the line under it
// are the model's tour, and a refusal clears both and shows its reason beside the inputs.

import { $, changed } from './dom.js';
import * as S from './state.js';

export function createTour(store, actions) {
  const go = () => actions.showTour();
  $('#tour-go').addEventListener('click', go);
  const fields = { w: '#tour-w', h: '#tour-h', start: '#tour-start' };
  for (const [key, id] of Object.entries(fields)) {
    $(id).addEventListener('input', () => store.now((m) => S.tourEdited(m, { [key]: $(id).value })));
    $(id).addEventListener('keydown', (e) => { if (e.key === 'Enter') { e.preventDefault(); go(); } });
  }
  $('#tour-closed').addEventListener('change', () => store.now((m) => S.tourEdited(m, { closed: $('#tour-closed').checked })));
  $('#tour-play').addEventListener('click', play);

  function render(m, prev) {
    if (changed(m, prev, 'tourForm')) {
      const f = m.tourForm;
      for (const [key, id] of Object.entries(fields)) if ($(id).value !== String(f[key])) $(id).value = f[key];
      $('#tour-closed').checked = f.closed;
      $('#tour-start').placeholder = S.defaultStart(f.w);
    }
    if (!m.tour || !changed(m, prev, 'tour')) return;
    const { answer: t, svg, error } = m.tour;
    $('#tour-error').textContent = error || '';
    $('#tour-error').hidden = !error;
    for (const id of ['#tour-w', '#tour-h', '#tour-start']) $(id).classList.toggle('invalid', Boolean(error));
    const box = $('#tour-svg');
    if (!t) {
      box.innerHTML = '';
      $('#tour-out').textContent = '';
      return;
    }
    box.innerHTML = svg; // the library's picture
    const line = box.querySelector('.tour');
    if (line) line.setAttribute('pathLength', '1000');
    play();
    const n = t.path.length;
    const head = t.path.slice(0, 12).join(' ');
    $('#tour-out').textContent = `${t.closed ? 'closed' : 'open'} tour of ${t.board}, ${n} squares: ${head}${n > 12 ? ' … ' + t.path[n - 1] : ''}`;
  }

  return { render };
}

function play() {
  const box = $('#tour-svg');
  box.classList.remove('play');
  void box.offsetWidth; // restart the animation
  box.classList.add('play');
}
