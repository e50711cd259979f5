#!/usr/bin/env node
// What a fresh clone lacks before anything runs: npm packages, generated proto code, the built web
// app. `npm start` and `npm run bench:lookup` call it; it does nothing when all three are there.
import { existsSync } from 'node:fs';
import { execSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const run = (cmd) => execSync(cmd, { cwd: root, stdio: 'inherit' });

export function prepare() {
  // `npm install` respects the lockfile; `npm ci` trips over other platforms' optional binaries missing from it.
  if (!existsSync(join(root, 'node_modules/.package-lock.json'))) run('npm install --no-audit --no-fund');
  if (!existsSync(join(root, 'proto/gen/index.ts'))) run('npm run gen');
  if (!existsSync(join(root, 'web/dist/index.html')) && existsSync(join(root, 'web/index.html'))) run('npm run build -w @cskh/web');
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) prepare();
