// Small helpers shared by the panels.

import { isLight, ARROWS, offset, DRAWN } from './squares.js';

export const $ = (sel) => document.querySelector(sel);

/** Whether any of the model's `keys` differ from the previous model's (or there is none). */
export function changed(m, prev, ...keys) { return !prev || keys.some((k) => m[k] !== prev[k]); }

/** Text for HTML written as a string. */
export const esc = (t) => String(t).replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]);

/**
 * A small board of 64 cells (rank 8 on top) in `container`, each with data-cell (never
 * data-square, which is the main board's). Clickable boards are one tab stop: arrow keys move
 * between their squares, Enter or Space clicks. Returns the cells by square name.
 */
export function buildMini(container, clickable) {
  // Coordinates around the board: ranks 8 to 1 beside it, files a to h under it.
  const wrap = document.createElement('div');
  wrap.className = 'mini-wrap';
  container.replaceWith(wrap);
  const ranks = document.createElement('div');
  ranks.className = 'ranks';
  ranks.setAttribute('aria-hidden', 'true');
  ranks.innerHTML = '<span>8</span><span>7</span><span>6</span><span>5</span><span>4</span><span>3</span><span>2</span><span>1</span>';
  const files = document.createElement('div');
  files.className = 'files';
  files.setAttribute('aria-hidden', 'true');
  files.innerHTML = '<span>a</span><span>b</span><span>c</span><span>d</span><span>e</span><span>f</span><span>g</span><span>h</span>';
  wrap.append(ranks, container, files);
  const cells = new Map();
  for (const name of DRAWN) {
    const el = document.createElement(clickable ? 'button' : 'span');
    if (clickable) { el.type = 'button'; el.setAttribute('aria-label', name); el.tabIndex = name === 'a1' ? 0 : -1; }
    el.className = 'cell ' + (isLight(name) ? 'light' : 'dark');
    el.dataset.cell = name;
    container.appendChild(el);
    cells.set(name, el);
  }
  if (clickable) {
    container.addEventListener('keydown', (e) => {
      const d = ARROWS[e.key];
      const el = e.target.closest('[data-cell]');
      if (!d || !el) return;
      e.preventDefault();
      const to = offset(el.dataset.cell, d[0], d[1]);
      if (!to) return;
      el.tabIndex = -1;
      const next = cells.get(to);
      next.tabIndex = 0;
      next.focus();
    });
  }
  return cells;
}

/** A click on one of a mini board's cells: `fn(name)`. */
export function onCell(container, fn) {
  container.addEventListener('click', (e) => {
    const el = e.target.closest('[data-cell]');
    if (el) fn(el.dataset.cell);
  });
}

/** Options of a select from names, keeping `value` chosen. */
export function fillSelect(select, names, value) {
  select.innerHTML = '';
  for (const n of names) select.add(new Option(n, n, false, n === value));
}
