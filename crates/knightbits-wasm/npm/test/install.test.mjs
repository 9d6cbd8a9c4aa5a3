// The tarball as a user gets it: installed into an empty folder with the network off (npm
// --offline, an empty cache, a registry at a closed port), imported by its name, and its types
// checked by `tsc --strict`: the README's examples compile (and run, printing no `false`), and
// seven typical mistakes are each refused. KNIGHTBITS_TGZ names the tarball, else the one in
// target/npm/.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createRequire } from 'node:module';
import { here, root } from './package.mjs';

function tarball() {
  if (process.env.KNIGHTBITS_TGZ) return process.env.KNIGHTBITS_TGZ;
  const dir = join(root, 'target/npm');
  const found = existsSync(dir) ? readdirSync(dir).filter((n) => /^knightbits-.*\.tgz$/.test(n)) : [];
  assert.equal(found.length, 1, `one tarball in ${dir}: run cargo xtask npm`);
  return join(dir, found[0]);
}

let dir;
before(() => {
  dir = mkdtempSync(join(tmpdir(), 'knightbits-npm-'));
});
after(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

test('the tarball is at most 300 KB and installs into an empty folder with the network off', () => {
  const tgz = tarball();
  const size = statSync(tgz).size;
  console.log(`${tgz}: ${size} bytes`);
  assert.ok(size <= 300_000, `${size} bytes`);
  const cache = join(dir, '.empty-cache');
  execFileSync('npm', ['install', '--offline', '--no-audit', '--no-fund', '--loglevel=error', '--cache', cache, tgz], {
    cwd: dir,
    env: { ...process.env, npm_config_registry: 'http://127.0.0.1:9/' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const installed = join(dir, 'node_modules/knightbits');
  for (const file of ['index.js', 'index.d.ts', 'wasm.js', 'knightbits.wasm', 'README.md', 'LICENSE-MIT', 'LICENSE-APACHE', 'package.json']) {
    assert.ok(existsSync(join(installed, file)), file);
  }
  const out = execFileSync(process.execPath, ['--input-type=module', '-e',
    "import { knightAttacks, SQUARES } from 'knightbits'; console.log(knightAttacks(27) === 0x142200221400n, SQUARES[27]);"],
  { cwd: dir }).toString().trim();
  assert.equal(out, 'true d4');
});

// Each a mistake tsc --strict must refuse, with the error it gives.
const MISTAKES = {
  'a number for a bigint': ["import { squareNames } from 'knightbits';", 'squareNames(27);', 'TS2345'],
  'a bigint taken for a number': ["import { knightAttacks } from 'knightbits';", 'const n: number = knightAttacks(27);', 'TS2322'],
  'a misspelled piece': ["import { attacks } from 'knightbits';", "attacks('d4', { piece: 'knigth' });", 'TS2820'],
  'a square off the board': ["import { knightAttacks } from 'knightbits';", "knightAttacks('i9');", 'TS2345'],
  "the king's method for a knight": ["import { knightAttacks } from 'knightbits';", "knightAttacks('d4', { method: 'shifts' });", 'TS2322'],
  'castling for a knight': ["import { legalMoves } from 'knightbits';", "legalMoves('4k3/8/8/8/8/8/8/4K2R w K - 0 1', { castling: true });", 'TS2345'],
  'a side in capitals': ["import { positionAttacks } from 'knightbits';", "positionAttacks('4k3/8/8/8/8/8/8/4K3 w - - 0 1', 'White');", 'TS2345'],
};

test('tsc --strict accepts the README\'s examples, which run, and refuses seven typical mistakes', () => {
  assert.ok(existsSync(join(dir, 'node_modules/knightbits/index.d.ts')), 'installed by the test before');
  const readme = readFileSync(join(dir, 'node_modules/knightbits/README.md'), 'utf8');
  const examples = [...readme.matchAll(/```ts\n([\s\S]*?)```/g)].map((m) => m[1]);
  assert.ok(examples.length >= 4, `${examples.length} examples`);
  const files = [];
  examples.forEach((code, i) => {
    writeFileSync(join(dir, `example${i}.mts`), code);
    files.push(`example${i}.mts`);
  });
  const mistakes = Object.entries(MISTAKES).map(([what, [imports, line, code]], i) => {
    writeFileSync(join(dir, `mistake${i}.mts`), `${imports}\n${line}\n`);
    files.push(`mistake${i}.mts`);
    return { what, file: `mistake${i}.mts`, code };
  });
  writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify({
    compilerOptions: {
      strict: true, target: 'es2022', module: 'nodenext', moduleResolution: 'nodenext',
      lib: ['es2022', 'dom'], types: [], outDir: 'out', skipLibCheck: false,
    },
    files,
  }));
  const tsc = createRequire(join(here, 'package.json')).resolve('typescript/bin/tsc');
  const run = spawnSync(process.execPath, [tsc, '-p', 'tsconfig.json', '--pretty', 'false'], { cwd: dir });
  const output = run.stdout.toString() + run.stderr.toString();
  const errors = output.split('\n').filter((l) => /error TS\d+/.test(l));
  for (const file of files.filter((f) => f.startsWith('example'))) {
    assert.deepEqual(errors.filter((l) => l.startsWith(file)), [], `${file} compiles`);
  }
  for (const { what, file, code } of mistakes) {
    const found = errors.filter((l) => l.startsWith(file));
    assert.equal(found.length, 1, `${what}: ${found.join('; ') || 'accepted'}`);
    assert.match(found[0], new RegExp(`error ${code}:`), what);
  }
  assert.equal(errors.length, mistakes.length, output);
  // The examples as tsc wrote them, run.
  for (const file of files.filter((f) => f.startsWith('example'))) {
    const js = join(dir, 'out', file.replace(/\.mts$/, '.mjs'));
    const printed = execFileSync(process.execPath, [js], { cwd: dir }).toString();
    assert.doesNotMatch(printed, /\bfalse\b/, `${file}:\n${printed}`);
  }
});
