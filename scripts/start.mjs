#!/usr/bin/env node
// `npm start`: installs dependencies and builds when a fresh clone lacks them, then runs the
// embedded product (scripts/embedded.ts) in one process on PORT (default 8080).
import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { prepare } from './prepare.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
prepare();

const child = spawn(process.execPath, ['--import', 'tsx', join(root, 'scripts/embedded.ts')], { cwd: root, stdio: 'inherit' });
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
child.on('exit', (code) => process.exit(code ?? 0));
