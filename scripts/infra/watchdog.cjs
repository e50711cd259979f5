// Watchdog for scripts/infra (processes.ts): started detached (own session) with its stdin piped from
// the parent. The parent tells it which child pids to stop and which directories to remove:
//   watch <pid> <SIGNAL>   a child to stop with SIGNAL if the parent dies
//   unwatch <pid>          the parent stopped it itself
//   rmdir <path>           remove this directory once the children are gone
//   done                   the parent cleaned up; just exit
// When stdin closes without "done" (the parent exited, crashed or was SIGKILLed), it signals the
// children, waits up to 20 s (then SIGKILL) and removes the directories. No dependencies.
'use strict';
const fs = require('node:fs');

const pids = new Map(); // pid -> signal
const dirs = new Set();
let done = false;
let buffered = '';

process.stdin.setEncoding('utf8');
process.stdin.on('data', (chunk) => {
  buffered += chunk;
  let nl;
  while ((nl = buffered.indexOf('\n')) >= 0) {
    const [cmd, ...rest] = buffered.slice(0, nl).split(' ');
    buffered = buffered.slice(nl + 1);
    if (cmd === 'watch') pids.set(Number(rest[0]), rest[1] || 'SIGTERM');
    else if (cmd === 'unwatch') pids.delete(Number(rest[0]));
    else if (cmd === 'rmdir') dirs.add(rest.join(' '));
    else if (cmd === 'done') done = true;
  }
});
process.stdin.on('error', () => {});
process.stdin.on('close', cleanup);
process.stdin.on('end', cleanup);
for (const sig of ['SIGINT', 'SIGHUP', 'SIGTERM']) process.on(sig, () => {}); // outlive the parent

const alive = (pid) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return e.code === 'EPERM';
  }
};

let started = false;
async function cleanup() {
  if (started) return;
  started = true;
  if (done) process.exit(0);
  for (const [pid, sig] of pids) {
    try {
      process.kill(pid, sig);
    } catch {
      /* already gone */
    }
  }
  const deadline = Date.now() + 20_000;
  while ([...pids.keys()].some(alive) && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 100));
  }
  for (const pid of pids.keys()) {
    if (alive(pid)) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        /* gone */
      }
    }
  }
  await new Promise((r) => setTimeout(r, 200));
  for (const dir of dirs) {
    try {
      fs.rmSync(dir, { recursive: true, force: true, maxRetries: 3 });
    } catch {
      /* best effort */
    }
  }
  process.exit(0);
}
