// The panels' places: in the document in reading order, 1 to 9 (the order a phone shows them
// in, so Tab follows the page down); on a wide screen in two columns, the board's (1, 6, 7, 8)
// and the explanations' (2, 3, 4, 5, 9), each read top to bottom. CSS cannot give both orders
// (its `order` moves boxes, not focus), so the panels are moved, never copied: each keeps its
// state and listeners.

/** The columns of a wide screen, by the panels' data-order. */
export const COLUMNS = Object.freeze([[1, 6, 7, 8], [2, 3, 4, 5, 9]]);
/** The width from which the page has two columns (style.css says the same). */
export const WIDE = '(min-width: 821px)';

export function createLayout() {
  const columns = [document.getElementById('column-a'), document.getElementById('column-b')];
  const panel = (n) => document.querySelector(`.panel[data-order="${n}"]`);
  const wide = window.matchMedia(WIDE);
  function place() {
    const lists = wide.matches ? COLUMNS : [[1, 2, 3, 4, 5, 6, 7, 8, 9], []];
    lists.forEach((list, i) => {
      const want = list.map(panel);
      const have = [...columns[i].children];
      if (want.length !== have.length || want.some((p, j) => p !== have[j])) columns[i].append(...want);
    });
  }
  wide.addEventListener('change', place);
  place();
  return { render() {} };
}
