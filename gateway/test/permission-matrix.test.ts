/**
 * The permission matrix, through the whole stack (every gRPC service, the carrier simulator, real
 * PostgreSQL, Redis and Kafka): every operation of the gateway's own /api/openapi.json × every
 * caller — no token, the seeded roles' real accounts (priorities 1, 2, 3, 4, 5, 7), an account
 * without any permission, an HNIMB salesperson, and a priority-5 account whose role holds every
 * code (admin ones included). Each cell's expected answer is derived from the operation's declared
 * guard (x-permissions any-of, x-priority-below) and the two rules of the spec that hold across
 * routes: the admin section needs priority below 5 (spec 1 §6; priority 7 counts as senior on data
 * permission and division, spec 3 §1) and HNIMB usernames get no refund calls (spec 1 §2.4).
 *
 *   denied cell  → the answer must be exactly 401 (no token) or 403;
 *   allowed cell → neither 401 nor 403 (the dummy input may well be a 400 or 404), and never 5xx.
 *
 * A denied cell answered otherwise is a leak; the test prints the matrix size and the leak count.
 */
import { randomBytes } from 'node:crypto';
import { startStack, Stack } from '../../scripts/stack';
import { dropDatabase, isolatedStackEnv } from '../../scripts/testing';
import { ADMIN_CODES, ALL_CODES, PRIORITY7_ADMIN_CODES } from '../../services/auth/src/domain/catalogue';
import { samplePath } from './sample-path';
import { apiOf, Caller, Staff } from './staff-fixture';

interface Operation {
  method: string;
  path: string;
  operationId: string;
  public: boolean;
  permissions: string[];
  priorityBelow: number;
  /** The body is a JSON list (an import's rows, a division's items). */
  listBody: boolean;
}

type Expected = 'allowed' | 401 | 403;

/** The spec's rule, written here from the spec (not imported from the code under test). */
function codeOpens(priority: number, code: string): boolean {
  if (!ADMIN_CODES.includes(code)) return true;
  return priority < 5 || (priority === 7 && PRIORITY7_ADMIN_CODES.includes(code));
}

/** Refund calls (spec 1 §2.4: HNIMB users see neither the refund request nor the refund report). */
const isRefundOperation = (op: Operation) =>
  op.operationId.startsWith('cskh.refunds.') && op.permissions.some((c) => c.startsWith('requestrefund'));

/**
 * Rules a service applies on top of the declared guard, whatever the input (so they belong in the
 * matrix): each refuses with 403 and its own Vietnamese message.
 */
const SERVICE_RULES: Array<{ path: string; method: string; refuses: (c: Caller) => boolean; why: string }> = [
  // care domain/division.ts: the guard lets every priority in (priority_below 8); the pool is the service's.
  {
    method: 'post',
    path: '/api/v1/customer/assign',
    refuses: (c) => !(c.priority < 4 || c.priority === 7),
    why: 'spec 3 §2.3: division by a manager, branch or data coordinator',
  },
  {
    method: 'get',
    path: '/api/v1/customer/count-assign/{id}',
    refuses: (c) => !(c.priority < 4 || c.priority === 7),
    why: "the division screen's count, for the same callers",
  },
  // Every export is refused for priority 5 (spec 1 §6); this one has no priority bound in its guard.
  {
    method: 'get',
    path: '/api/v1/requestrefundreport/xuatdstruythu',
    refuses: (c) => c.priority === 5,
    why: 'spec 1 §6: priority 5 cannot export',
  },
];

export function expected(op: Operation, caller: Caller | undefined): Expected {
  if (op.public) return 'allowed';
  if (!caller) return 401;
  if (op.permissions.length > 0 && !op.permissions.some((c) => caller.permissions.includes(c) && codeOpens(caller.priority, c))) return 403;
  if (op.priorityBelow > 0 && !(caller.priority < op.priorityBelow)) return 403;
  if (isRefundOperation(op) && caller.username.toUpperCase().startsWith('HNIMB')) return 403;
  if (SERVICE_RULES.some((r) => r.method === op.method && r.path === op.path && r.refuses(caller))) return 403;
  return 'allowed';
}

const env = isolatedStackEnv('gw_matrix', {
  LOG_LEVEL: 'error',
  LOGIN_LIMIT_KEY_PREFIX: `test:matrix:${randomBytes(4).toString('hex')}`,
});
let stack: Stack;
let staff: Staff;
let operations: Operation[];
const callers: Array<Caller | undefined> = [];
const callerName = (c: Caller | undefined) => c?.name ?? 'no token';

beforeAll(async () => {
  stack = await startStack({ realtime: false, env });
  const api = apiOf(stack.url);
  staff = await Staff.open(api, env.CSKH_ADMIN_PASSWORD!);

  const doc = (await api('GET', '/api/openapi.json')).body;
  operations = [];
  for (const [path, item] of Object.entries(doc.paths as Record<string, Record<string, any>>)) {
    for (const [method, op] of Object.entries(item)) {
      operations.push({
        method,
        path,
        operationId: op.operationId,
        public: Array.isArray(op.security) && op.security.length === 0,
        permissions: op['x-permissions'] ?? [],
        priorityBelow: op['x-priority-below'] ?? 0,
        listBody: op.requestBody?.content?.['application/json']?.schema?.type === 'array',
      });
    }
  }

  const tag = randomBytes(2).toString('hex');
  const tree = await staff.seededTree(tag);
  const admin = await api('POST', '/api/v1/auth/login', { body: { username: 'admin', password: env.CSKH_ADMIN_PASSWORD } });
  callers.push(undefined, {
    name: 'p1 admin',
    id: admin.body.data.user.id,
    username: 'admin',
    password: env.CSKH_ADMIN_PASSWORD!,
    priority: admin.body.data.role.priority,
    permissions: admin.body.data.permissions,
    token: admin.body.data.access_token,
  });
  for (const p of [2, 3, 4, 5, 7] as const) callers.push(await staff.login(`p${p}`, tree[`p${p}`], p));

  // No permission at all (a role of priority 5 with no codes).
  const none = await staff.createRole('Không quyền', 5, []);
  callers.push(
    await staff.login(
      'no permission',
      await staff.createUser({ username: `np_${tag}`, role: none, brand: tree.p3.id, group: tree.p4.id }),
      5,
    ),
  );
  // A salesperson whose username starts with HNIMB: the refund codes in the token, refused anyway.
  const hnimb = await staff.createUser({ username: `HNIMB_${tag}`, role: staff.seededRole(5), brand: tree.p3.id, group: tree.p4.id });
  callers.push(await staff.login('HNIMB p5', hnimb, 5));
  // Priority 5 holding every code, admin ones included: the server, not the menu, keeps it out.
  const all = await staff.createRole('Nhân viên mọi quyền', 5, [...ALL_CODES]);
  callers.push(
    await staff.login(
      'p5 every code',
      await staff.createUser({ username: `nva_${tag}`, role: all, brand: tree.p3.id, group: tree.p4.id }),
      5,
    ),
  );
}, 240_000);

afterAll(async () => {
  await stack?.stop();
  await dropDatabase(env.DATABASE_URL!);
});

/**
 * A well-formed id of no record in every id parameter (the guard comes before any lookup of it), except a
 * username: the caller's own, so that a row-level scope check (a staff member outside the caller's
 * subtree is a 403 by design) does not hide the guard's answer.
 */
const concrete = (path: string, caller: Caller | undefined) => samplePath(path, caller?.username);

async function runPool<T>(items: T[], width: number, fn: (t: T) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < items.length) await fn(items[next++]);
    }),
  );
}

test('every operation × every caller answers as its guard says: 0 leaks', async () => {
  expect(operations.length).toBeGreaterThan(250);
  expect(callers.map((c) => c?.priority ?? 0)).toEqual([0, 1, 2, 3, 4, 5, 7, 5, 5, 5]);
  // Every seeded role's codes as the token carries them (the login's answer is what the gateway sees).
  for (const c of callers.slice(1, 7)) expect(c!.permissions.length).toBeGreaterThan(0);

  // Logout revokes the token it is called with: those cells run last, each on a fresh login.
  const isLogout = (op: Operation) => op.operationId === 'cskh.auth.v1.SessionService.Logout';
  const cells = operations.filter((op) => !isLogout(op)).flatMap((op) => callers.map((caller) => ({ op, caller })));
  const logoutCells = operations.filter(isLogout).flatMap((op) => callers.map((caller) => ({ op, caller })));

  const api = apiOf(stack.url);
  const failures: string[] = [];
  const counts = { cells: 0, allowed: 0, refused401: 0, refused403: 0, leaks: 0, wrongRefusals: 0, serverErrors: 0 };
  const check = async ({ op, caller }: { op: Operation; caller: Caller | undefined }, token?: string) => {
    const want = expected(op, caller);
    const body = op.method === 'post' || op.method === 'put' ? (op.listBody ? [] : {}) : undefined;
    const res = await api(op.method, concrete(op.path, caller), { token: token ?? caller?.token, body });
    counts.cells++;
    const cell = `${op.method.toUpperCase()} ${op.path} as ${callerName(caller)}: expected ${want}, got ${res.status} ${JSON.stringify(res.body).slice(0, 160)}`;
    if (res.status >= 500) {
      counts.serverErrors++;
      failures.push(`5xx  ${cell}`);
    } else if (want === 'allowed') {
      counts.allowed++;
      if (res.status === 401 || res.status === 403) {
        counts.wrongRefusals++;
        failures.push(`refused ${cell}`);
      }
    } else {
      if (want === 401) counts.refused401++;
      else counts.refused403++;
      if (res.status !== want) {
        counts.leaks++;
        failures.push(`LEAK ${cell}`);
      } else if (typeof res.body?.msg !== 'string' || !res.body.msg) failures.push(`no msg ${cell}`);
    }
  };
  const t0 = Date.now();
  await runPool(cells, 8, (c) => check(c));
  const freshToken = async (c: Caller) => {
    // The admin account keeps the stack's password, not the fixture's.
    const password = c.username === 'admin' ? env.CSKH_ADMIN_PASSWORD : c.password;
    return (await api('POST', '/api/v1/auth/login', { body: { username: c.username, password } })).body.data.access_token as string;
  };
  for (const c of logoutCells) await check(c, c.caller ? await freshToken(c.caller) : undefined);
  const seconds = ((Date.now() - t0) / 1000).toFixed(1);
  process.stdout.write(
    `permission matrix: ${operations.length} operations × ${callers.length} callers = ${counts.cells} cells ` +
      `(${counts.allowed} allowed, ${counts.refused401} refused 401, ${counts.refused403} refused 403) in ${seconds} s; ` +
      `${counts.leaks} leaks, ${counts.wrongRefusals} wrong refusals, ${counts.serverErrors} server errors\n`,
  );
  expect(failures).toEqual([]);
  expect(counts.cells).toBe(operations.length * callers.length);
}, 600_000);
