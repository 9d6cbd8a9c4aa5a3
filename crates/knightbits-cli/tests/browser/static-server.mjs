// A tiny static file server for the browser test of the static site: serves one directory on
// 127.0.0.1 at a free port, GET and HEAD only, nothing outside the directory. Every request it
// gets is noted, so a test can say the page asked for its own files only.
import { createServer } from 'node:http';
import { readFile } from 'node:fs/promises';
import { extname, resolve, sep } from 'node:path';

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.wasm': 'application/wasm',
  '.png': 'image/png',
  '.svg': 'image/svg+xml',
};

/** Serves `dir`; resolves to `{ base, requests, close() }` once listening. */
export function serveStatic(dir) {
  const root = resolve(dir);
  const requests = [];
  const server = createServer(async (req, res) => {
    const path = decodeURIComponent(new URL(req.url, 'http://x').pathname);
    requests.push(path);
    const file = resolve(root, '.' + (path.endsWith('/') ? path + 'index.html' : path));
    if ((req.method !== 'GET' && req.method !== 'HEAD') || !(file === root || file.startsWith(root + sep))) {
      res.writeHead(404).end();
      return;
    }
    try {
      const body = await readFile(file);
      res.writeHead(200, { 'content-type': TYPES[extname(file)] || 'application/octet-stream', 'cache-control': 'no-cache' });
      res.end(req.method === 'HEAD' ? undefined : body);
    } catch (_) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found\n');
    }
  });
  return new Promise((ok, fail) => {
    server.on('error', fail);
    server.listen(0, '127.0.0.1', () => {
      ok({
        base: `http://127.0.0.1:${server.address().port}/`,
        requests,
        close: () => new Promise((done) => { server.closeAllConnections(); server.close(done); }),
      });
    });
  });
}
