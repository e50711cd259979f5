/**
 * Schemathesis fuzzes every operation of /api/openapi.json against the whole stack (every gRPC
 * service, the carrier simulator, real PostgreSQL, Redis and Kafka), logged in as admin, in its
 * coverage, fuzzing and stateful phases, with all of its checks (CHECKS below): every answer has a
 * documented status and matches its documented schema and content type, a request the document
 * allows is accepted, one it forbids is refused with a 4xx, no answer is a 5xx or leaks a stack
 * trace, a route refuses a request without its token, a deleted record is gone. The CLI is
 * installed by `npm test` (scripts/setup.mjs, ensureSchemathesis(): .cache/schemathesis, version
 * pinned there).
 *
 *   FUZZ_MAX_EXAMPLES (default 5) test cases per operation in the fuzzing phase (the coverage
 *   phase's boundary cases come on top); FUZZ_SEED (default 1); FUZZ_WORKERS (default 4).
 *   FUZZ_MAX_EXAMPLES=25 is the acceptance run of the document (gateway/README.md).
 * Each failure is printed with the request that reproduces it (curl) and the response.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { randomBytes } from 'node:crypto';
import { startStack, Stack } from '../../scripts/stack';
import { isolatedStackEnv } from '../../scripts/testing';
import { collectRoutes } from '../src/routes';

const ROOT = resolve(__dirname, '../..');
/** Where scripts/setup.mjs installs it (SCHEMATHESIS_BIN there). */
const ST = process.env.SCHEMATHESIS_BIN ?? join(ROOT, '.cache', 'schemathesis', 'bin', 'st');
// Bounded per operation: the whole run grows with every route (341 operations today). The coverage
// phase sends every boundary case the document defines whatever this number (each required field
// left out, each bound and pattern just kept and just broken): it is where the acceptance and
// rejection checks bite. Random cases on top are the cost that scales: with 5 the whole run took
// 193 s on a shared 2-core machine, with 25 (the acceptance run) 338 s, 714 s under heavy load.
const MAX_EXAMPLES = Number(process.env.FUZZ_MAX_EXAMPLES ?? 5);
const SEED = Number(process.env.FUZZ_SEED ?? 1);
// The stack answers from several processes (gateway, services, PostgreSQL): 4 concurrent callers.
const WORKERS = Number(process.env.FUZZ_WORKERS ?? 4);

/**
 * The fuzzer's token must stay valid for the whole run (after the run the test checks that it
 * still works, so a run that silently turned into 401s cannot pass). Logout revokes the token it
 * is called with, so it is left out of the run.
 */
const EXCLUDED = ['cskh.auth.v1.SessionService.Logout']; // operationIds (POST /api/v1/auth/logout)

/**
 * Schemathesis feeds ids it saw in earlier answers (e.g. the rows of GET /api/v1/users and
 * /api/v1/role) to every phase, and its stateful phase follows links to the operations on one
 * record, so it reaches the admin account and its role with their real ids, which random data
 * never does. These operations revoke the tokens of the user or role they change (a role's
 * permissions, a role change, per-user permissions, a password reset, a lock) or would strip the
 * admin role of its permissions: for them only, ids come from generation alone (no ids from
 * earlier answers, no stateful phase). They are still called in the coverage and fuzzing phases
 * with every check (with ids of no record), and gateway/test/tokens.test.ts proves the
 * revocations themselves.
 */
const NO_REAL_IDS = [
  'cskh.auth.v1.RoleService.UpdateRole',
  'cskh.auth.v1.RoleService.DeleteRole',
  'cskh.auth.v1.UserService.UpdateUser',
  'cskh.auth.v1.UserService.SetUserPermissions',
  'cskh.auth.v1.UserService.ResetPassword',
  'cskh.auth.v1.UserService.ToggleLock',
  'cskh.auth.v1.UserService.Lock',
  'cskh.auth.v1.UserService.Unlock',
];

/**
 * Every check schemathesis has runs, except:
 * - object_level_authorization: it needs two accounts as WFC peers to swap their records; the
 *   row-level scopes it would probe are proven per role by gateway/test/row-level.test.ts and
 *   the permission matrix (gateway/test/permission-matrix.test.ts).
 * - max_response_time: a latency budget, not a correctness check (the load tests measure it).
 * The checks are set in the config file, not with --checks: a check named on the command line
 * would override the per-operation settings below.
 */
const CHECKS_OFF = ['object_level_authorization'];

/**
 * positive_data_acceptance (a request the document allows must not be refused) holds every
 * operation to its document, as the proto declares it (gateway/src/openapi.ts):
 * - a route's `refusals` (x-service-refusals: a reference to a row that does not exist, a state)
 *   are answers only the service can give to such a request: their statuses are accepted;
 * - a route's `across` rules (x-cross-field-rules: between fields or rows, which no JSON Schema
 *   states) are the one thing the check leaves out: it is off for those operations only, listed
 *   with why at the start of the run. Every other check still runs on them. (`not_before` pairs
 *   need no exception: the hooks below put them in order.)
 */
const routes = collectRoutes();
const opId = (r: (typeof routes)[number]) => r.operationId;
const CROSS_FIELD_EXCEPTIONS: Record<string, string> = Object.fromEntries(
  routes.filter((r) => r.across.length).map((r) => [opId(r), r.across.join('; ')]),
);
/** positive_data_acceptance's own accepted statuses (schemathesis' default). */
const ACCEPTED = ['2xx', '3xx', '401', '403', '404', '409', '429', '5xx'];

let stack: Stack;
let token: string;
let workDir: string;

beforeAll(async () => {
  if (!existsSync(ST))
    throw new Error(`schemathesis CLI not found at ${ST}: run the tests through \`npm test\` (scripts/setup.mjs installs it)`);
  stack = await startStack({
    realtime: false,
    env: isolatedStackEnv('gw_fuzz', {
      LOG_LEVEL: 'error',
      // The fuzzer fails logins by the hundred from 127.0.0.1: counters of its own in the shared Redis.
      LOGIN_LIMIT_KEY_PREFIX: `test:fuzz:${randomBytes(4).toString('hex')}`,
    }),
  });
  const res = await fetch(`${stack.url}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: stack.env.CSKH_ADMIN_PASSWORD }),
  });
  token = ((await res.json()) as { data: { access_token: string } }).data.access_token;
  // Schemathesis keeps a crash cache (.schemathesis/) in its working directory: not in the repository.
  workDir = mkdtempSync(join(tmpdir(), 'cskh-fuzz-'));
}, 180_000);

afterAll(async () => {
  await stack?.stop();
  if (workDir) rmSync(workDir, { recursive: true, force: true });
});

function runSchemathesis(args: string[]): Promise<{ code: number | null; output: string; ms: number }> {
  const t0 = Date.now();
  return new Promise((done, fail) => {
    const env = { ...process.env, NO_COLOR: '1', COLUMNS: '120', SCHEMATHESIS_HOOKS: join(workDir, 'hooks.py') };
    const child = spawn(ST, args, { cwd: workDir, env });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.on('error', fail);
    child.on('close', (code) => done({ code, output, ms: Date.now() - t0 }));
  });
}

/** The figures of the run, from schemathesis' summary. */
function figures(output: string) {
  const num = (re: RegExp) => Number(re.exec(output)?.[1] ?? NaN);
  return {
    operations: num(/Tested:\s+(\d+)/),
    generated: num(/(\d+) generated/),
    failures: /(\d+) unique failures?/.test(output) ? num(/(\d+) unique failures?/) : 0,
  };
}

/**
 * Loaded by schemathesis (SCHEMATHESIS_HOOKS):
 * - The document states the order of two dates as `x-not-before` (JSON Schema cannot relate two
 *   fields): a generated valid request gets its pair in that order (the two values swapped), so
 *   positive_data_acceptance holds these operations to it too. Invalid requests are left alone.
 * - Its Python (3.11.7, pinned by scripts/setup.mjs) has CPython's gh-106905: two threads parsing
 *   source at once fail with "AST constructor recursion depth mismatch", and Hypothesis parses its
 *   own sources to describe filters, so a run with several workers sometimes errors on an
 *   operation for no fault of ours. One parse at a time.
 */
const HOOKS = `import ast, re, threading
import schemathesis
from schemathesis import GenerationMode

_lock = threading.Lock()
_parse = ast.parse
def _locked_parse(*args, **kwargs):
    with _lock:
        return _parse(*args, **kwargs)
ast.parse = _locked_parse

def _day(v):
    m = re.fullmatch(r'(\\d{1,2})/(\\d{1,2})/(\\d{4})', v) if isinstance(v, str) else None
    return (int(m[3]), int(m[2]), int(m[1])) if m else None

def _in_order(values, pairs):
    for later, earlier in pairs:
        a, b = _day(values.get(earlier)), _day(values.get(later))
        if a and b and b < a:
            values[earlier], values[later] = values[later], values[earlier]

@schemathesis.hook
def map_case(ctx, case):
    if case.meta is None or case.meta.generation.mode != GenerationMode.POSITIVE:
        return case
    raw = case.operation.definition.raw
    pairs = [(p['name'], p['x-not-before']) for p in raw.get('parameters', []) if 'x-not-before' in p]
    if pairs and isinstance(case.query, dict):
        _in_order(case.query, pairs)
    schema = raw.get('requestBody', {}).get('content', {}).get('application/json', {}).get('schema', {})
    props = schema.get('properties', {}) if isinstance(schema, dict) else {}
    pairs = [(n, s['x-not-before']) for n, s in props.items() if isinstance(s, dict) and 'x-not-before' in s]
    if pairs and isinstance(case.body, dict):
        _in_order(case.body, pairs)
    return case
`;

/** schemathesis.toml of the run: the checks, and the per-operation exceptions above. */
function configToml(): string {
  const list = (ids: string[]) => `[${ids.map((id) => JSON.stringify(id)).join(', ')}]`;
  const lines = ['[checks]', ...CHECKS_OFF.map((c) => `${c}.enabled = false`), ''];
  lines.push(
    '[[operations]]',
    `include-operation-id = ${list(NO_REAL_IDS)}`,
    'phases.coverage.extra-data-sources.responses = false',
    'phases.fuzzing.extra-data-sources.responses = false',
    'phases.stateful.enabled = false',
    '',
  );
  const exceptions = Object.keys(CROSS_FIELD_EXCEPTIONS);
  if (exceptions.length)
    lines.push('[[operations]]', `include-operation-id = ${list(exceptions)}`, 'checks.positive_data_acceptance.enabled = false', '');
  // Operations refused only by the service, grouped by the statuses they add to the accepted ones.
  const byStatuses = new Map<string, string[]>();
  for (const r of routes.filter((x) => x.refusals.length && !x.across.length)) {
    const extra = [...new Set(r.refusals.map((f) => String(f.status)))].filter((s) => !ACCEPTED.includes(s)).sort();
    if (extra.length) byStatuses.set(extra.join(','), [...(byStatuses.get(extra.join(',')) ?? []), opId(r)]);
  }
  for (const [extra, ids] of byStatuses)
    lines.push(
      '[[operations]]',
      `include-operation-id = ${list(ids)}`,
      `checks.positive_data_acceptance.expected-statuses = ${list([...ACCEPTED, ...extra.split(',')])}`,
      '',
    );
  return lines.join('\n');
}

test("every operation passes all of schemathesis' checks, stateful phase included", async () => {
  const operations = collectRoutes().length - EXCLUDED.length;
  const config = join(workDir, 'schemathesis.toml');
  writeFileSync(config, configToml());
  writeFileSync(join(workDir, 'hooks.py'), HOOKS);
  const run = await runSchemathesis([
    '--config-file',
    config,
    'run',
    `${stack.url}/api/openapi.json`,
    '--header',
    `Authorization: Bearer ${token}`,
    '--max-examples',
    String(MAX_EXAMPLES),
    '--seed',
    String(SEED),
    '--workers',
    String(WORKERS),
    '--request-timeout',
    '20',
    '--generation-database',
    'none',
    '--no-color',
    ...EXCLUDED.flatMap((id) => ['--exclude-operation-id', id]),
  ]);
  const f = figures(run.output);
  const summary = `schemathesis: ${f.operations} operations, ${f.generated} requests, ${f.failures} failures in ${(run.ms / 1000).toFixed(1)} s (seed ${SEED}, ${MAX_EXAMPLES} examples)`;
  // The figures go to the log either way; the whole report (each failure with its curl) on failure.
  const across = Object.entries(CROSS_FIELD_EXCEPTIONS).map(([id, why]) => `  ${id}: ${why}`);
  process.stdout.write(`${summary}\nschema-valid requests not held to acceptance (rules across fields):\n${across.join('\n')}\n`);
  if (run.code !== 0) throw new Error(`${summary}\n\n${run.output}`);
  expect(f.operations).toBe(operations);
  expect(f.generated).toBeGreaterThan(operations * 5);

  // The run was made with a valid token to the end (not a string of 401s).
  const me = await fetch(`${stack.url}/api/v1/auth/me`, { headers: { authorization: `Bearer ${token}` } });
  expect(me.status).toBe(200);
}, 2_400_000);
