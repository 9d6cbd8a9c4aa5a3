// The library compiled to WebAssembly (crates/knightbits-wasm) through the page's loader
// (web/js/wasm.js): the answers and refusals the server gives for the same queries. Needs the
// module built (`cargo xtask web`, or `cargo build -p knightbits-wasm --profile wasm --target
// wasm32-unknown-unknown`); KNIGHTBITS_WASM names it, else the test looks in target/.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadLibrary } from '../js/wasm.js';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../../../..');
const path = process.env.KNIGHTBITS_WASM || resolve(root, 'target/wasm32-unknown-unknown/wasm/knightbits_wasm.wasm');
const skip = existsSync(path) ? false : `no module at ${path}`;

test('the module answers as /api/ does: JSON, SVG, refusals with their status', { skip }, async () => {
  const lib = await loadLibrary(readFileSync(path));
  let r = lib.call('attacks', 'input=d4');
  assert.equal(r.status, 200);
  assert.equal(JSON.parse(r.body).bitboard, '0x0000142200221400');
  r = lib.call('slider-attacks', 'rooks=a1&occupied=a3,c1');
  assert.deepEqual(JSON.parse(r.body).attacks.squares, ['b1', 'c1', 'a2', 'a3']);
  r = lib.call('svg', 'pieces=d4&marked=0x0000142200221400');
  assert.equal(r.status, 200);
  assert.match(r.body, /^<svg /);
  r = lib.call('tour', 'board=5x5&closed=true');
  assert.equal(r.status, 200, 'no tour is an answer');
  assert.equal(JSON.parse(r.body).path, null);
  assert.match(JSON.parse(r.body).reason, /no closed knight's tour/);
  r = lib.call('tour', 'board=100x100&start=a1');
  assert.equal(r.status, 400, 'names stop at 26 files');
  assert.equal(lib.call('nope', '').status, 404);
  assert.equal(lib.call('meta', '').status, 200);
});

test('the module: large answers, text beyond ASCII, many calls in a row', { skip }, async () => {
  const lib = await loadLibrary(readFileSync(path));
  const r = lib.call('tour', 'board=100x100&start=0,0');
  assert.equal(r.status, 200);
  assert.equal(JSON.parse(r.body).path.length, 10000);
  const bad = lib.call('show', 'input=' + encodeURIComponent('♞d4'));
  assert.equal(bad.status, 400);
  // The refusal quotes the text escaped (\u{265e}: the knight arrived as one code point).
  assert.match(JSON.parse(bad.body).error, /'\\u\{265e\}d4'/);
  for (let i = 0; i < 2000; i++) assert.equal(lib.call('op', `bitboard=${i}&op=toggle&square=h8`).status, 200);
});

// The budget of the module `cargo xtask web` writes (KNIGHTBITS_WASM; the one in target/ is not
// yet optimised): at most 300,000 bytes, the same on every machine (the task's pinned wasm-opt).
const shipped = process.env.KNIGHTBITS_WASM;
test('the shipped module is within its budget of 300,000 bytes', { skip: shipped ? false : 'KNIGHTBITS_WASM not set' }, () => {
  const size = readFileSync(shipped).length;
  assert.ok(size <= 300_000, `${size} bytes`);
});
