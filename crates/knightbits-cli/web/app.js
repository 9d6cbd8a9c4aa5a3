// knightbits explorer: the page shows; the library (through /api/…) computes.
//
// The entry module: builds the panels, joins them to one store holding the page's model
// (js/state.js), and loads the state the URL names. Each panel draws itself from the model;
// every action goes through the store (js/store.js, js/actions.js).

import { createStore } from './js/store.js';
import { createActions } from './js/actions.js';
import { initial, linkProblems, followedTargets, ZERO } from './js/state.js';
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
import { createErrors } from './js/errors.js';
import { createLayout } from './js/layout.js';

createLayout();
const panels = [];
let ready = false;
let restoring = false;
let typingIn = null; // the box whose typing the current history entry holds
let applied = null; // the fragment the page shows, as last written or read

// The URL follows the model once the page has read it: every edit is a history entry (Back
// undoes it, Forward redoes it); typing in a box replaces the entry it began, and choosing a
// tool or a side (what the next click does, not an edit) replaces the current one.
function saveUrl(m, prev, replace = false) {
  const hash = encode(m);
  const want = hash ? '#' + hash : '';
  if (location.hash === want) { applied = want; return; }
  const url = want || location.pathname + location.search;
  // What the next click does, the help opened, the race's inputs edited: not edits of their own.
  const chooser = prev && (m.tool !== prev.tool || m.side !== prev.side || m.help !== prev.help || m.letterKeys !== prev.letterKeys || m.attacksShown !== prev.attacksShown
    || (m.catchForm !== prev.catchForm && m.catch === prev.catch));
  const typing = m.editing && m.editing === typingIn; // one entry for a run of typing in a box
  if (replace || restoring || chooser || typing) history.replaceState(null, '', url);
  else history.pushState(null, '', url);
  typingIn = m.editing;
  applied = location.hash;
}

const store = createStore(initial(), (m, prev) => {
  for (const p of panels) p.render(m, prev);
  if (ready) saveUrl(m, prev);
  if (ready && !restoring && prev && (m.pieces !== prev.pieces || m.sliders !== prev.sliders || m.sides !== prev.sides)) followPieces(m);
});

// The fork panel's targets follow the placed pieces (the other side's kings, queens and rooks)
// until a target is clicked by hand.
function followPieces(m) {
  const want = followedTargets(m);
  if (want) actions.showForks(want.join(',') || ZERO);
}
const actions = createActions(store);

const convert = createConvert(store, actions);
panels.push(
  createBoard(store, actions),
  createFields(store, actions),
  createSteps(store, actions),
  createPosition(store, actions),
  createFill(store, actions),
  createTour(store, actions),
  createCatch(store, actions),
  createSecond(store, actions),
  createForks(store, actions),
  convert,
  createFooter(),
  createErrors(),
);
panels.push(bindKeys(store, actions));
for (const p of panels) p.render(store.model, undefined);

// For the browser test: the queue's end, and the latency of each interaction.
window.kbIdle = store.idle;
window.kbLatencies = store.latencies;

/** The whole page as a fragment says (a link, a reload, Back, Forward or a hand-edited URL). */
async function restore(hash) {
  restoring = true;
  applied = hash;
  try {
    const problems = await actions.load(hash);
    convert.start(); // the converter's answer for the inputs the link restored
    await store.idle();
    if (problems.length) store.now((m) => linkProblems(m, problems));
    followPieces(store.model);
    await store.idle();
  } finally {
    restoring = false;
  }
}

// Back, Forward and a fragment edited by hand: the page becomes what the address says.
function followAddress() {
  if (!ready || location.hash === applied) return;
  restore(location.hash);
}
window.addEventListener('popstate', followAddress);
window.addEventListener('hashchange', followAddress);

async function start() {
  await restore(location.hash);
  ready = true;
  saveUrl(store.model, undefined, true); // the link as the page reads it, in place of the one opened
  store.latencies.length = 0; // loading the page is not an interaction
  document.body.dataset.ready = '1';
  // For the browser test: milliseconds from the start of navigation to a page that answers.
  window.kbReadyAt = performance.now();
}

start();
