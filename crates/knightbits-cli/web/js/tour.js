// "Knight's tour": a tour of any board up to 100 x 100, drawn by the library and animated. The
// inputs are the model's tourForm (typing goes through it); the picture and the line under it
// are the model's tour, and a refusal clears both and shows its reason beside the inputs.

import { $, changed } from './dom.js';
import * as S from './state.js';
import { showMessage } from './errors.js';

/** Whether the boxes ask for another tour than the one shown (or refused). */
function unasked(m) {
  const want = S.tourParams(m.tourForm);
  const have = m.tour && m.tour.params;
  return !have || want.board !== have.board || want.start !== have.start || want.closed !== have.closed;
}

export function createTour(store, actions) {
  const go = () => actions.showTour();
  $('#tour-go').addEventListener('click', go);
  const fields = { w: '#tour-w', h: '#tour-h', start: '#tour-start' };
  for (const [key, id] of Object.entries(fields)) {
    $(id).addEventListener('input', () => store.now((m) => S.tourEdited(m, { [key]: $(id).value })));
    $(id).addEventListener('keydown', (e) => { if (e.key === 'Enter') { e.preventDefault(); go(); } });
    // Leaving the boxes (not for another of them, nor for Tour, which asks itself) with a
    // changed value asks for that tour, as Enter does: a refusal is said beside the boxes at
    // once, not when Tour is next pressed; moving from width to height asks nothing yet.
    $(id).addEventListener('focusout', (e) => {
      if (e.relatedTarget && e.relatedTarget.closest('#tour-w, #tour-h, #tour-start, #tour-closed, #tour-go')) return;
      if (unasked(store.model)) go();
    });
  }
  $('#tour-closed').addEventListener('change', () => store.now((m) => S.tourEdited(m, { closed: $('#tour-closed').checked })));
  $('#tour-play').addEventListener('click', play);

  // Zoom (1x to 16x) and pan (scrolling, or dragging the picture); Start and End bring those
  // squares into view. A view of the picture only: the tour itself is the model's.
  let zoom = 1;
  const view = $('#tour-view');
  function setZoom(z, keep) {
    zoom = Math.min(16, Math.max(1, z));
    const svg = $('#tour-svg svg');
    view.classList.toggle('zoomed', zoom > 1);
    $('#tour-zoom-level').textContent = `${zoom * 100}%`;
    if (!svg) return;
    const centre = keep && [(view.scrollLeft + view.clientWidth / 2) / view.scrollWidth, (view.scrollTop + view.clientHeight / 2) / view.scrollHeight];
    svg.style.width = zoom > 1 ? `${view.clientWidth * zoom}px` : '';
    if (centre) {
      view.scrollLeft = centre[0] * view.scrollWidth - view.clientWidth / 2;
      view.scrollTop = centre[1] * view.scrollHeight - view.clientHeight / 2;
    }
    // Start and end marked 9 px across the radius on screen, at any board size and zoom.
    const perUnit = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
    if (perUnit > 0) for (const c of svg.querySelectorAll('.start, .end')) c.setAttribute('r', (9 / perUnit).toFixed(2));
  }
  $('#tour-zoom-in').addEventListener('click', () => setZoom(zoom * 2, true));
  $('#tour-zoom-out').addEventListener('click', () => setZoom(zoom / 2, true));
  function show(sel) {
    const mark = $(`#tour-svg ${sel}`);
    if (!mark) return;
    if (zoom < 4 && $('#tour-svg svg').viewBox.baseVal.width > 400) setZoom(4);
    const v = view.getBoundingClientRect();
    const r = mark.getBoundingClientRect();
    view.scrollLeft += r.left + r.width / 2 - (v.left + v.width / 2);
    view.scrollTop += r.top + r.height / 2 - (v.top + v.height / 2);
  }
  $('#tour-to-start').addEventListener('click', () => show('.start'));
  $('#tour-to-end').addEventListener('click', () => show('.end'));
  let drag = null;
  view.addEventListener('pointerdown', (e) => {
    if (zoom === 1 || e.button !== 0) return;
    drag = { x: e.clientX, y: e.clientY, left: view.scrollLeft, top: view.scrollTop };
    view.classList.add('panning');
    view.setPointerCapture(e.pointerId);
  });
  view.addEventListener('pointermove', (e) => {
    if (!drag) return;
    view.scrollLeft = drag.left - (e.clientX - drag.x);
    view.scrollTop = drag.top - (e.clientY - drag.y);
  });
  const end = () => { drag = null; view.classList.remove('panning'); };
  view.addEventListener('pointerup', end);
  view.addEventListener('pointercancel', end);
  view.addEventListener('keydown', (e) => {
    if (e.key === '+' || e.key === '=') { e.preventDefault(); setZoom(zoom * 2, true); }
    if (e.key === '-') { e.preventDefault(); setZoom(zoom / 2, true); }
  });

  function render(m, prev) {
    if (changed(m, prev, 'tourForm')) {
      const f = m.tourForm;
      for (const [key, id] of Object.entries(fields)) if ($(id).value !== String(f[key])) $(id).value = f[key];
      $('#tour-closed').checked = f.closed;
      $('#tour-start').placeholder = S.defaultStart(f.w);
    }
    if (changed(m, prev, 'tour', 'errors')) showMessage($('#tour-error'), (m.tour && m.tour.error) || m.errors.tour);
    if (!m.tour || !changed(m, prev, 'tour')) return;
    const { answer: t, svg } = m.tour;
    const box = $('#tour-svg');
    if (!t) {
      box.innerHTML = '';
      $('#tour-out').textContent = '';
      return;
    }
    box.innerHTML = svg; // the library's picture
    const line = box.querySelector('.tour');
    if (line) line.setAttribute('pathLength', '1000');
    setZoom(1);
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
