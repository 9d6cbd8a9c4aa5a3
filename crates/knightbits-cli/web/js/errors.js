// Errors the GOV.UK way: a refused control is marked (`aria-invalid="true"` and a red border)
// until it is fixed, and its message sits directly under it, tied to it by
// `aria-describedby`. The model says which controls are refused (`invalid`: control id ->
// message, or true while the message is its panel's own line); the messages of the main
// board's boxes and the shift are drawn here, the other panels draw theirs.

import { changed, esc } from './dom.js';

/** Each control a refusal can be about, and the element under it that says why. */
export const MESSAGE_OF = Object.freeze({
  hex: 'hex-error',
  dec: 'dec-error',
  bin: 'bin-error',
  'shift-n': 'shift-n-error',
  fen: 'fen-error',
  hex2: 'second-error',
  'conv-in': 'convert-error',
  'tour-w': 'tour-error',
  'tour-h': 'tour-error',
  'tour-start': 'tour-error',
  'catch-knight': 'catch-error',
  'catch-pawn': 'catch-error',
});
/** The controls whose message the model holds (`invalid[id]`, a string): drawn here. */
const OWN = ['hex', 'dec', 'bin', 'shift-n'];

/** A message as GOV.UK writes it: "Error:" for screen readers, then the words. */
export function showMessage(el, text) {
  el.innerHTML = text ? `<span class="visually-hidden">Error: </span>${esc(text)}` : '';
  el.hidden = !text;
}

export function createErrors() {
  for (const [id, message] of Object.entries(MESSAGE_OF)) {
    const el = document.getElementById(id);
    const ids = (el.getAttribute('aria-describedby') || '').split(/\s+/).filter(Boolean);
    if (!ids.includes(message)) el.setAttribute('aria-describedby', [message, ...ids].join(' '));
  }
  function render(m, prev) {
    if (!changed(m, prev, 'invalid')) return;
    for (const id of Object.keys(MESSAGE_OF)) {
      const el = document.getElementById(id);
      const bad = Boolean(m.invalid[id]);
      el.classList.toggle('invalid', bad);
      if (bad) el.setAttribute('aria-invalid', 'true');
      else el.removeAttribute('aria-invalid');
    }
    for (const id of OWN) {
      const text = typeof m.invalid[id] === 'string' ? m.invalid[id] : '';
      const el = document.getElementById(MESSAGE_OF[id]);
      if (el.textContent !== (text ? `Error: ${text}` : '')) showMessage(el, text);
    }
  }
  return { render };
}
