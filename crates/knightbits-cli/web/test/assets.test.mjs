// The page's files against the server's list of embedded ones (src/server/mod.rs): every module
// under web/js/ is embedded, every import and every address in index.html is one the server
// serves, and nothing is loaded from elsewhere.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const web = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const server = readFileSync(resolve(web, '../src/server/mod.rs'), 'utf8');

/** Served path -> file under web/, as the server's ASSETS list names them. */
function served() {
  const out = new Map();
  for (const [, path, file] of server.matchAll(/\("(\/[\w./-]+)",\s*include_str!\("\.\.\/\.\.\/web\/([\w./-]+)"\)/g)) out.set(path, file);
  for (const [, name] of server.matchAll(/module!\("([\w.-]+)"\)/g)) out.set(`/js/${name}`, `js/${name}`);
  // ("/index.html", INDEX_HTML, …) with const INDEX_HTML: &str = include_str!("../../web/…");
  for (const [, path, name] of server.matchAll(/\("(\/[\w./-]+)",\s*([A-Z_]+),/g)) {
    const c = new RegExp(`const ${name}: &str = include_str!\\("\\.\\./\\.\\./web/([\\w./-]+)"\\)`).exec(server);
    if (c) out.set(path, c[1]);
  }
  return out;
}

test('every module under web/js/ is embedded under its own name', () => {
  const files = served();
  for (const [path, file] of files) assert.equal(path, '/' + file, `${path} serves web/${file}`);
  const modules = readdirSync(resolve(web, 'js')).filter((f) => f.endsWith('.js'));
  for (const f of modules) assert.ok(files.has(`/js/${f}`), `web/js/${f} is not in ASSETS (src/server/mod.rs)`);
  for (const f of ['/index.html', '/style.css', '/app.js']) assert.ok(files.has(f), f);
});

test('every import resolves to an embedded file, and nothing comes from elsewhere', () => {
  const files = served();
  for (const [path, file] of files) {
    if (!file.endsWith('.js')) continue;
    const text = readFileSync(resolve(web, file), 'utf8');
    assert.doesNotMatch(text, /https?:\/\//, `${file} names no outside address`);
    for (const [, spec] of text.matchAll(/^\s*(?:import|export)\s[^'"]*?from\s+'([^']+)'/gm)) {
      assert.match(spec, /^\.\.?\//, `${file}: '${spec}' is relative`);
      const target = new URL(spec, 'http://page' + path).pathname;
      assert.ok(files.has(target), `${file} imports ${target}, which is not embedded`);
    }
  }
  const html = readFileSync(resolve(web, 'index.html'), 'utf8');
  // What the page loads (a link the reader follows, <a href>, loads nothing).
  const refs = [...html.matchAll(/<(\w+)[^>]*?\s(?:src|href)="([^"]+)"/g)].filter((r) => r[1] !== 'a').map((r) => r[2]);
  for (const [, href] of html.matchAll(/<a [^>]*href="(https?:[^"]+)"/g)) {
    assert.match(href, /^https:\/\/www\.chessprogramming\.org\//, `${href}: the page links to the wiki only`);
  }
  assert.ok(refs.includes('app.js'));
  for (const r of refs) {
    if (r.startsWith('data:') || r === '#') continue;
    assert.doesNotMatch(r, /^\//, `index.html names ${r} relative to itself, so the static site works in any folder`);
    assert.ok(files.has(new URL(r, 'http://page/').pathname), `index.html loads ${r}, which is not embedded`);
  }
  assert.match(html, /<script type="module" src="app.js"><\/script>/);
  // Every module is preloaded together, so loading is one round of requests, not a chain.
  const preloaded = [...html.matchAll(/<link rel="modulepreload" href="([^"]+)">/g)].map((r) => r[1]).sort();
  const modules = readdirSync(resolve(web, 'js')).filter((f) => f.endsWith('.js')).map((f) => `js/${f}`).sort();
  assert.deepEqual(preloaded, modules);
  assert.match(html, /<link rel="icon" [^>]*href="data:image\/svg\+xml;base64,/, 'the favicon is inline: no request for it');
});
