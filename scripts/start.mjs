#!/usr/bin/env node
// `npm start`: installs dependencies and builds when a fresh clone lacks them, then runs the
// embedded product (scripts/embedded.ts) in one process on PORT (default 8080).
import { existsSync } from 'node:fs';
import { execSync, spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const run = (cmd) => execSync(cmd, { cwd: root, stdio: 'inherit' });

if (!existsSync(join(root, 'node_modules/.package-lock.json'))) run('npm install --no-audit --no-fund'); // respects the lockfile; `npm ci` trips over other platforms' optional binaries missing from it
if (!existsSync(join(root, 'proto/gen/index.ts'))) run('npm run gen');
if (!existsSync(join(root, 'web/dist/index.html')) && existsSync(join(root, 'web/index.html'))) run('npm run build -w @cskh/web');

const child = spawn(process.execPath, ['--import', 'tsx', join(root, 'scripts/embedded.ts')], { cwd: root, stdio: 'inherit' });
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
child.on('exit', (code) => process.exit(code ?? 0));
