/**
 * `npm run lint:proto` (part of `npm run lint`): the protos kept like code.
 * - `buf lint` with proto/buf.yaml (STANDARD, less the rules the API's design answers otherwise,
 *   each with its reason there);
 * - `buf breaking` (WIRE_JSON: field numbers, types and JSON names) of the protos as they are now
 *   against the last commit of main: on main, the commit checked out (so an edit fails before it is
 *   committed); on another branch, main's tip (so a branch fails before it is merged).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { dirname, join, resolve } from 'node:path';

const ROOT = resolve(__dirname, '..');
const PROTO = join(ROOT, 'proto');
const buf = join(dirname(require.resolve('@bufbuild/buf/package.json', { paths: [PROTO] })), 'bin', 'buf');

const git = (...args: string[]) => execFileSync('git', args, { cwd: ROOT, encoding: 'utf8' }).trim();

function run(args: string[]): boolean {
  const r = spawnSync(buf, args, { cwd: PROTO, stdio: 'inherit' });
  return r.status === 0;
}

function baseline(): string {
  const branch = git('rev-parse', '--abbrev-ref', 'HEAD');
  const hasMain = spawnSync('git', ['rev-parse', '--verify', '--quiet', 'refs/heads/main'], { cwd: ROOT }).status === 0;
  return branch !== 'main' && hasMain ? 'main' : 'HEAD';
}

let ok = run(['lint']);
const against = baseline();
// A worktree's .git is a file: buf reads the repository's common directory.
const repo = resolve(ROOT, git('rev-parse', '--git-common-dir'));
if (!run(['breaking', '--against', `${repo}#ref=${against},subdir=proto`])) {
  process.stderr.write(`lint:proto: the protos break what ${against} serves (buf breaking, WIRE_JSON)\n`);
  ok = false;
}
process.exit(ok ? 0 : 1);
