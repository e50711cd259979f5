#!/usr/bin/env node
// What a fresh clone lacks before anything runs: npm packages, generated proto code, the built web
// app. `npm start` and `npm run bench:lookup` call it; it does nothing when all three are there.
import { existsSync } from 'node:fs';
import { execSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureNpmDeps } from './setup.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const run = (cmd) => execSync(cmd, { cwd: root, stdio: 'inherit' });

export function prepare() {
  // `npm install` (setup.mjs), with the install scripts npm 11 may have skipped (the embedded
  // PostgreSQL's, needed when no DATABASE_URL is given), and again when the lockfile changed.
  if (!ensureNpmDeps()) throw new Error('npm dependencies could not be installed (see above)');
  if (!existsSync(join(root, 'proto/gen/index.ts')) || !existsSync(join(root, 'web/src/api/gen/routes.ts'))) run('npm run gen');
  if (!existsSync(join(root, 'web/dist/index.html')) && existsSync(join(root, 'web/index.html'))) run('npm run build -w @cskh/web');
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) prepare();
