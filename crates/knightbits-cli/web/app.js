// knightbits explorer: the page shows; the library (through /api/…) computes.
//
// The entry module: builds the panels, joins them to one store holding the page's model
// (js/state.js), and loads the state the URL names. Each panel draws itself from the model;
// every action goes through the store (js/store.js, js/actions.js).

import { createStore } from './js/store.js';
import { createActions } from './js/actions.js';
import { initial, failed } from './js/state.js';
import { encode } from './js/url.js';
import { createBoard } from './js/board.js';
import { createFields } from './js/fields.js';
import { createSteps } from './js/steps.js';
import { createPosition } from './js/position.js';
import { createFill } from './js/fill.js';
import { createTour } from './js/tour.js';
import { createCatch } from './js/catch.js';
import { createSecond } from './js/second.js';
import { createForks } from './js/forks.js';
import { createConvert } from './js/convert.js';
import { createFooter } from './js/footer.js';
import { bindKeys } from './js/keys.js';

const panels = [];
let ready = false;

// The URL follows the model once the page has read it.
function saveUrl(m) {
  const hash = encode(m);
  const want = hash ? '#' + hash : '';
  if (location.hash !== want) history.replaceState(null, '', want || location.pathname);
}

const store = createStore(initial(), (m, prev) => {
  for (const p of panels) p.render(m, prev);
  if (ready) saveUrl(m);
});
const actions = createActions(store);

const convert = createConvert(store, actions);
panels.push(
  createBoard(store, actions),
  createFields(store, actions),
  createSteps(store, actions),
  createPosition(store, actions),
  createFill(store, actions),
  createTour(store, actions),
  createCatch(),
  createSecond(store, actions),
  createForks(store, actions),
  convert,
  createFooter(),
);
bindKeys(store, actions);
for (const p of panels) p.render(store.model, undefined);

// For the browser test: the queue's end, and the latency of each interaction.
window.kbIdle = store.idle;
window.kbLatencies = store.latencies;

async function start() {
  const refused = await actions.load(location.hash);
  ready = true;
  saveUrl(store.model);
  convert.start();
  await store.idle();
  if (refused) store.now((m) => failed(m, refused));
  store.latencies.length = 0; // loading the page is not an interaction
  document.body.dataset.ready = '1';
  // For the browser test: milliseconds from the start of navigation to a page that answers.
  window.kbReadyAt = performance.now();
}

start();
