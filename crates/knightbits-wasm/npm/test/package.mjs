// Where the tests find the package: KNIGHTBITS_PACKAGE names its folder (`cargo xtask test npm`
// gives the copy installed from the tarball), else the folder `cargo xtask npm` packs,
// target/npm/package/.
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const here = dirname(fileURLToPath(import.meta.url));
export const root = resolve(here, '../../../..');
export const packageDir = resolve(process.env.KNIGHTBITS_PACKAGE || join(root, 'target/npm/package'));

if (!existsSync(join(packageDir, 'index.js'))) {
  throw new Error(`no package at ${packageDir}: run cargo xtask npm (or set KNIGHTBITS_PACKAGE)`);
}

/** The package's module. */
export const kb = await import(pathToFileURL(join(packageDir, 'index.js')).href);
