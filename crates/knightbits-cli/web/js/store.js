// The one way the model changes. Every action goes through here: a change that needs no answer
// at once (`now`), one that asks the library in turn (`act`). After each change the whole page
// is drawn from the new model by `render(model, previous)`.

import { succeeded, failed, measured } from './state.js';

export function createStore(initial, render) {
  let model = initial;
  let chain = Promise.resolve();
  const latencies = [];

  function commit(next) {
    if (!next || next === model) return;
    const prev = model;
    model = next;
    render(model, prev);
  }

  // The time from the event to the drawn answer, noted for every interaction.
  function note(started) {
    const ms = performance.now() - started;
    latencies.push(ms);
    commit(measured(model, ms));
  }

  return {
    get model() { return model; },
    /** Milliseconds of each measured interaction, in order. */
    latencies,
    /** Resolves when every queued interaction has been answered and drawn. */
    idle: () => chain,

    /** A change that needs no answer (a tool, a step, the cursor): applied at once. */
    now(transition) { commit(transition(model)); },

    /**
     * An interaction that asks the library, queued behind the ones before it so answers never
     * overtake one another. `ask(model)` runs with the model the earlier ones left and resolves
     * to a transition (or nothing), applied to the model as it is when the answer arrives.
     * The error line is cleared on success and shows the message on failure, after
     * `onError(model, error)` if given. `quiet` (typing as it happens): the error line and the
     * latency are left alone, and only `onError` answers a failure. `local`: the panel shows
     * its own error beside the control that caused it (through `onError`), not the error line.
     */
    act(ask, { quiet = false, local = false, onError } = {}) {
      const started = performance.now();
      chain = chain
        .then(() => ask(model))
        .then(
          (t) => {
            const next = t ? t(model) : model;
            commit(quiet ? next : succeeded(next));
            if (!quiet) note(started);
          },
          (e) => {
            const next = onError ? onError(model, e) : model;
            commit(quiet || local ? next : failed(next, e.message));
            if (!quiet) note(started);
          },
        )
        .catch((e) => {
          // A fault of the page itself: said on the page and in the console, and the queue
          // goes on.
          console.error(e);
          commit(failed(model, `page error: ${e.message}`));
        });
      return chain;
    },
  };
}
