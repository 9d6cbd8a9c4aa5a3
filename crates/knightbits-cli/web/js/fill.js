// "Fill, distance and path": knight distances from a start square, the fills one move at a
// time, and a shortest path to a second square.

import { $, changed, buildMini, onCell } from './dom.js';
import { LERF } from './squares.js';
import * as S from './state.js';
import { showMessage } from './errors.js';

const HEAT = ['d0', 'd1', 'd2', 'd3', 'd4', 'd5', 'd6'];

export function createFill(store, actions) {
  const cells = buildMini($('#fillboard'), true);
  onCell($('#fillboard'), (name) => actions.fillClick(name));
  $('#fill-prev').addEventListener('click', () => store.now((m) => S.fillStep(m, -1)));
  $('#fill-next').addEventListener('click', () => store.now((m) => S.fillStep(m, 1)));
  $('#fill-to-board').addEventListener('click', () => {
    const { k, fills, from } = store.model.fill;
    if (from) actions.replaceBoard(k > 0 ? fills[k - 1].bitboard : from);
  });
  $('#path-to-board').addEventListener('click', () => {
    const p = store.model.fill.path;
    if (p && p.path) actions.replaceBoard(p.path.join(','));
  });

  function render(m, prev) {
    if (changed(m, prev, 'errors')) {
      showMessage($('#fill-error'), m.errors.fill);
    }
    if (!changed(m, prev, 'fill')) return;
    const { from, to, k, fills, distances, path } = m.fill;
    const inFill = new Set(k > 0 ? fills[k - 1].squares : []);
    const onPath = new Set(path && path.path ? path.path : []);
    LERF.forEach((name, i) => {
      const el = cells.get(name);
      el.classList.remove(...HEAT, 'from', 'on', 'path');
      el.textContent = distances ? String(distances[i]) : '';
      if (distances) el.classList.add('d' + distances[i]);
      if (name === from) el.classList.add('from');
      if (inFill.has(name)) el.classList.add('on');
      if (onPath.has(name)) el.classList.add('path');
      const what = [name];
      if (name === from) what.push('start');
      if (distances) what.push(`distance ${distances[i]}`);
      if (inFill.has(name)) what.push(`in fill ${k}`);
      if (onPath.has(name)) what.push('on the path');
      el.setAttribute('aria-label', what.join(', '));
    });
    $('#fill-label').textContent = from ? `fill ${k} of ${fills.length}` : 'fill 0';
    $('#fill-out').textContent = !from ? 'click a square to start'
      : k > 0 ? `${fills[k - 1].count} squares within ${k} move${k === 1 ? '' : 's'} of ${from}`
        : `from ${from}: every square within ${fills.length} moves`;
    $('#path-out').textContent = !path ? ''
      : path.path ? `${from} → ${to}: distance ${path.distance}, path ${path.path.join(' ')}` : 'unreachable';
  }

  return { render };
}
