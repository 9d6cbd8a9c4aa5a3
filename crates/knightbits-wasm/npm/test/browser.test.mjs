// The package in headless Chromium with no bundler: a page imports it by name through an import
// map from a static server (the explorer's tests' own, on 127.0.0.1), which loads
// knightbits.wasm beside index.js; the page asks for bigint attacks, a refusal, a tour and the
// steps, and plays random games against chess.js (ESM build) as the Node test does.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium } from 'playwright-core';
import { here, packageDir } from './package.mjs';
import { serveStatic } from '../../../knightbits-cli/tests/browser/static-server.mjs';

const PAGE = `<!doctype html>
<meta charset="utf-8">
<title>knightbits in a browser</title>
<link rel="icon" href="data:,">
<script type="importmap">
{ "imports": { "knightbits": "/node_modules/knightbits/index.js", "chess.js": "/node_modules/chess.js/dist/esm/chess.js" } }
</script>
<script type="module">
import * as kb from 'knightbits';
import { Chess } from 'chess.js';
import { play } from '/agreement.js';

const result = {};
result.d4 = kb.knightAttacks(27) === 0x142200221400n;
result.type = typeof kb.knightAttacks('d4');
result.names = kb.squareNames(kb.kingAttacks(0));
try {
  kb.attacks('d4', { piece: 'queen' });
} catch (e) {
  result.error = { arg: e instanceof kb.ArgumentError, base: e instanceof kb.KnightbitsError, error: e instanceof Error, name: e.name, argument: e.argument, message: e.message };
}
result.tour = kb.tour('8x8', { start: 'a1' }).path.length;
const trace = kb.steps('d4', { method: 'halves' });
result.steps = trace.steps.filter((s) => s.part).reduce((a, s) => a | s.bitboard, 0n) === trace.attacks;
result.agreement = play(Chess, kb, { games: 6, seed: 7 });
window.result = result;
</script>`;

let site;
let server;
let browser;

before(async () => {
  site = mkdtempSync(join(tmpdir(), 'knightbits-npm-site-'));
  mkdirSync(join(site, 'node_modules'));
  symlinkSync(packageDir, join(site, 'node_modules/knightbits'));
  symlinkSync(resolve(here, 'node_modules/chess.js'), join(site, 'node_modules/chess.js'));
  copyFileSync(join(here, 'agreement.mjs'), join(site, 'agreement.js'));
  writeFileSync(join(site, 'index.html'), PAGE);
  server = await serveStatic(site);
  // Headless (playwright's default), Debian's Chromium.
  browser = await chromium.launch({ executablePath: process.env.CHROMIUM || '/usr/bin/chromium', args: ['--no-sandbox'] });
});

after(async () => {
  if (browser) await browser.close();
  if (server) await server.close();
  if (site) rmSync(site, { recursive: true, force: true });
});

test('the package runs in Chromium from plain files: bigint answers, refusals, chess.js agreement', async () => {
  const page = await browser.newPage();
  const problems = [];
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  page.on('console', (m) => { if (m.type() === 'error') problems.push(`console: ${m.text()}`); });
  await page.goto(server.base);
  await page.waitForFunction(() => window.result !== undefined || null, null, { timeout: 60_000 }).catch(() => {});
  assert.deepEqual(problems, []);
  const result = await page.evaluate(() => window.result);
  assert.ok(result, 'the page finished');
  assert.equal(result.d4, true);
  assert.equal(result.type, 'bigint');
  assert.deepEqual(result.names, ['b1', 'a2', 'b2']);
  const { message, ...error } = result.error;
  assert.deepEqual(error, { arg: true, base: true, error: true, name: 'ArgumentError', argument: 'piece' });
  assert.match(message, /^argument 'piece': invalid piece 'queen': expected knight(, | or )king\b/);
  assert.equal(result.tour, 64);
  assert.equal(result.steps, true);
  const { seen, disagreements } = result.agreement;
  console.log(`chess.js agreement in Chromium: ${JSON.stringify(seen)}`);
  assert.deepEqual(disagreements, []);
  assert.ok(seen.positions >= 500, `${seen.positions} positions`);
  // Only the page's own files were asked for, the module among them.
  const asked = new Set(server.requests);
  assert.ok(asked.has('/node_modules/knightbits/knightbits.wasm'), [...asked].join(' '));
  assert.ok(asked.has('/node_modules/knightbits/wasm.js'));
  await page.close();
});
