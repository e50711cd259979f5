/**
 * Row-level rules of the lists, through the whole stack with real accounts in two branch trees
 * (branch → leader → two salespeople, and a second branch → leader → salesperson), rows seeded
 * through the services' own APIs by the staff themselves:
 *   - a salesperson sees only their own rows, phones masked ('****' + last 5);
 *   - a branch sees its subtree only (never the other branch's rows);
 *   - every "all rows" export of a list is refused for priority 5 (spec 1 §6), even to a
 *     validly-signed priority-5 token holding every code.
 */
import { randomBytes } from 'node:crypto';
import { startStack, Stack } from '../../scripts/stack';
import { dropDatabase, isolatedStackEnv } from '../../scripts/testing';
import { ALL_CODES } from '../../services/auth/src/domain/catalogue';
import { collectRoutes } from '../src/routes';
import { Api, apiOf, Caller, forge, Staff } from './staff-fixture';
import { PRICE_FIELDS } from '../../services/refunds/src/domain/prices';

const env = isolatedStackEnv('gw_rows', { LOG_LEVEL: 'error', LOGIN_LIMIT_KEY_PREFIX: `test:rows:${randomBytes(4).toString('hex')}` });
let stack: Stack;
let api: Api;
let staff: Staff;
const tag = randomBytes(2).toString('hex');
/** Branch 1: cn1 ← tn1 ← nv1a, nv1b; branch 2: cn2 ← tn2 ← nv2. */
const who: Record<'admin' | 'cn1' | 'tn1' | 'nv1a' | 'nv1b' | 'cn2' | 'tn2' | 'nv2', Caller> = {} as never;
const phoneOf: Record<string, string> = {};
const MASKED = /^\*{4}\d{5}$/;

beforeAll(async () => {
  stack = await startStack({ realtime: false, env });
  api = apiOf(stack.url);
  staff = await Staff.open(api, env.CSKH_ADMIN_PASSWORD!);
  who.admin = staff.adminCaller;
  const role = (p: number) => staff.seededRole(p);
  for (const b of ['1', '2'] as const) {
    const cn = await staff.createUser({ username: `cn${b}_${tag}`, role: role(3) });
    const tn = await staff.createUser({ username: `tn${b}_${tag}`, role: role(4), brand: cn.id });
    who[`cn${b}`] = await staff.login(`cn${b}`, cn, 3);
    who[`tn${b}`] = await staff.login(`tn${b}`, tn, 4);
    const sales = b === '1' ? (['nv1a', 'nv1b'] as const) : (['nv2'] as const);
    for (const s of sales)
      who[s] = await staff.login(s, await staff.createUser({ username: `${s}_${tag}`, role: role(5), brand: cn.id, group: tn.id }), 5);
  }
  // One phone per salesperson, each of them distinct in its last 5 digits.
  ['nv1a', 'nv1b', 'nv2'].forEach(
    (s, i) => (phoneOf[who[s as keyof typeof who].username] = `09123${String(45670 + i * 1111).padStart(5, '0')}`),
  );
}, 240_000);

afterAll(async () => {
  await stack?.stop();
  await dropDatabase(env.DATABASE_URL!);
});

const get = async (c: Caller, path: string) => {
  const r = await api('GET', path, { token: c.token });
  if (r.status !== 200) throw new Error(`GET ${path} as ${c.name}: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body.data as { values: Array<Record<string, any>>; count: number };
};
const sales = () => [who.nv1a, who.nv1b, who.nv2];
const usernames = (rows: Array<Record<string, any>>, field: string) => [...new Set(rows.map((r) => r[field]))].sort();
const sorted = (...cs: Caller[]) => cs.map((c) => c.username).sort();

describe('mfy and 9279 orders', () => {
  beforeAll(async () => {
    for (const [kind, priceRoute] of [
      ['mfy', 'giagoimfy'],
      ['dangky9279', 'giagoidangky9279'],
    ] as const) {
      const price = await api('POST', `/api/v1/${priceRoute}`, {
        token: who.admin.token,
        body: { ten_goi_cuoc: `G${tag}`, phi_thu_hoi: '1000', gia_t1: '50000', gia_t2: '60000', gia_t3: '70000' },
      });
      expect(price.status).toBe(201);
      for (const s of sales()) {
        const r = await api('POST', `/api/v1/${kind}`, {
          token: s.token,
          body: {
            so_dien_thoai: phoneOf[s.username],
            ma_goi: `G${tag}`,
            gia_ban_goi: '1',
            ...(kind === 'dangky9279' ? { hinh_thuc: 'dang_ky' } : {}),
          },
        });
        if (r.status !== 201) throw new Error(`${kind} order by ${s.name}: ${r.status} ${JSON.stringify(r.body)}`);
      }
    }
  });

  it.each(['mfy', 'dangky9279'])('%s: a salesperson sees only their own orders, phones masked', async (kind) => {
    for (const s of sales()) {
      const list = await get(s, `/api/v1/${kind}?page=1&count=100`);
      expect(usernames(list.values, 'username_nv')).toEqual([s.username]);
      expect(list.count).toBe(1);
      expect(list.values[0].so_dien_thoai).toMatch(MASKED);
      expect(list.values[0].so_dien_thoai.slice(-5)).toBe(phoneOf[s.username].slice(-5));
    }
  });

  it.each(['mfy', 'dangky9279'])('%s: a branch and a leader see their subtree only; a manager sees all', async (kind) => {
    expect(usernames((await get(who.cn1, `/api/v1/${kind}?page=1&count=100`)).values, 'username_nv')).toEqual(sorted(who.nv1a, who.nv1b));
    expect(usernames((await get(who.tn1, `/api/v1/${kind}?page=1&count=100`)).values, 'username_nv')).toEqual(sorted(who.nv1a, who.nv1b));
    const other = await get(who.cn2, `/api/v1/${kind}?page=1&count=100`);
    expect(usernames(other.values, 'username_nv')).toEqual([who.nv2.username]);
    for (const r of other.values) expect(r.so_dien_thoai).toMatch(MASKED);
    const all = await get(who.admin, `/api/v1/${kind}?page=1&count=100`);
    expect(usernames(all.values, 'username_nv')).toEqual(sorted(...sales()));
    // Managers see the last 9 digits.
    for (const r of all.values) expect(r.so_dien_thoai).toMatch(/^\d{9}$/);
  });

  it('both lists are one service, the list fixed by the route: a manager holding only mfy cannot reach 9279 orders by naming that list', async () => {
    const role = await staff.createRole(`mfy_only_${tag}`, 2, ['mfy']);
    const mfyOnly = await staff.login('mfyOnly', await staff.createUser({ username: `mfyonly_${tag}`, role }), 2);
    const reg9279 = (await get(who.admin, '/api/v1/dangky9279?page=1&count=100')).values;
    expect(reg9279.length).toBe(3);
    expect((await api('GET', '/api/v1/dangky9279?page=1&count=100', { token: mfyOnly.token })).status).toBe(403);
    // The list named in the query or the body is the caller's choice, not the route's: ignored.
    const mine = await get(mfyOnly, '/api/v1/mfy?page=1&count=100&kind=9279');
    expect(mine.count).toBe(3);
    expect(mine.values.map((o) => o.id)).not.toEqual(expect.arrayContaining([reg9279[0].id]));
    const one = await api('GET', `/api/v1/mfy/${reg9279[0].id}?kind=9279`, { token: mfyOnly.token });
    expect(one.status).toBe(404);
    const note = await api('PUT', `/api/v1/mfy/${reg9279[0].id}/update`, { token: mfyOnly.token, body: { note: 'x', kind: '9279' } });
    expect(note.status).toBe(404);
    expect((await get(who.admin, '/api/v1/dangky9279?page=1&count=100')).values.find((o) => o.id === reg9279[0].id)?.note).not.toBe('x');
  });
});

describe('scan files', () => {
  it('the three screens are one service, the screen fixed by the route: a manager holding only quetdata cannot reach quetdtct files by naming that screen', async () => {
    const file = `dtct-${tag}.xlsx`;
    const upload = await api('POST', '/api/v1/uploadquetdtct/import?first_row=2', {
      token: who.admin.token,
      body: [{ PhoneNumber: '0912345601', FileName: file }],
    });
    expect(upload.status).toBe(200);
    const role = await staff.createRole(`quetdata_only_${tag}`, 2, ['quetdata']);
    const dataOnly = await staff.login('quetdataOnly', await staff.createUser({ username: `quetdataonly_${tag}`, role }), 2);
    const dtct = (await get(who.admin, '/api/v1/quetdtct?page=1&count=100')).values.find((f) => f.FileName === file)!;
    expect(dtct).toMatchObject({ kind: 'quetdtct', total_numbers: 1 });
    expect((await api('GET', '/api/v1/quetdtct?page=1&count=100', { token: dataOnly.token })).status).toBe(403);
    // The screen named in the query or the body is the caller's choice, not the route's: ignored.
    const mine = await get(dataOnly, '/api/v1/quetdata?page=1&count=100&kind=quetdtct');
    expect(mine.values.map((f) => f.FileName)).not.toContain(file);
    expect((await api('GET', `/api/v1/quetdata/${dtct.id}?kind=quetdtct`, { token: dataOnly.token })).status).toBe(404);
    const info = await api('POST', '/api/v1/quetdata/getInfoByFileName', {
      token: dataOnly.token,
      body: { FileName: file, kind: 'quetdtct' },
    });
    expect(info.status).toBe(404);
    const removed = await api('POST', '/api/v1/quetdata/deleteFile', { token: dataOnly.token, body: { FileName: file, kind: 'quetdtct' } });
    expect(removed.status).toBe(404);
    expect((await get(who.admin, '/api/v1/quetdtct?page=1&count=100')).values.map((f) => f.FileName)).toContain(file);
  });
});

describe('lookup history', () => {
  beforeAll(async () => {
    for (const s of sales()) {
      const r = await api('GET', `/api/v1/lookup/balance?phone=${phoneOf[s.username]}`, { token: s.token });
      expect(r.status).toBe(200);
    }
  });

  it('is refused to priority 5; masked for a branch; full (9 digits) for a manager', async () => {
    for (const s of sales()) expect((await api('GET', '/api/v1/lstracuu?page=1&count=50', { token: s.token })).status).toBe(403);
    const branch = await get(who.cn1, '/api/v1/lstracuu?page=1&count=50');
    expect(branch.values.length).toBeGreaterThan(0);
    for (const r of branch.values) {
      expect(r.so_dien_thoai).toMatch(MASKED);
      // The content names the phone too: never the full number.
      for (const p of Object.values(phoneOf)) expect(String(r.noi_dung)).not.toContain(p.slice(-9));
    }
    const manager = await get(who.admin, '/api/v1/lstracuu?page=1&count=50');
    expect(manager.values.map((r) => r.so_dien_thoai)).toEqual(expect.arrayContaining(Object.values(phoneOf).map((p) => p.slice(-9))));
  });
});

describe('refund requests', () => {
  const PKG = `HT${tag}`.toUpperCase();
  let ms = Date.now();
  beforeAll(async () => {
    const price = await api('POST', '/api/v1/giahoantien', {
      token: who.admin.token,
      body: Object.fromEntries([
        ['ten_goi_cuoc', PKG],
        ...PRICE_FIELDS.filter((k) => k !== 'gia_goi').map((k, i) => [k, 50000 + i * 1000]),
        ['gia_goi', 500000],
      ]),
    });
    if (price.status !== 201) throw new Error(`refund price: ${price.status} ${JSON.stringify(price.body)}`);
    await api('PUT', '/api/v1/setting/ti_le_chiet_khau', { token: who.admin.token, body: { value: '10' } });
    for (const s of sales()) {
      const r = await api('POST', '/api/v1/requestrefund/createNapTienChietKhau', {
        token: s.token,
        body: {
          millisecond_created_at: ++ms,
          number_phone: phoneOf[s.username],
          number_type: 1,
          package_code: PKG,
          refund_price: 100000,
          cho_len_don: 0,
        },
      });
      if (r.status !== 200 && r.status !== 201) throw new Error(`top-up by ${s.name}: ${r.status} ${JSON.stringify(r.body)}`);
    }
  });

  it('a salesperson sees only their own requests, phones masked; a branch its subtree', async () => {
    for (const s of sales()) {
      const list = await get(s, '/api/v1/requestrefund?page=1&count=100');
      expect(usernames(list.values, 'staff_username')).toEqual([s.username]);
      for (const r of list.values) {
        expect(r.number_phone).toMatch(MASKED);
        expect(r.number_phone.slice(-5)).toBe(phoneOf[s.username].slice(-5));
      }
    }
    expect(usernames((await get(who.cn1, '/api/v1/requestrefund?page=1&count=100')).values, 'staff_username')).toEqual(
      sorted(who.nv1a, who.nv1b),
    );
    expect(usernames((await get(who.cn2, '/api/v1/requestrefund?page=1&count=100')).values, 'staff_username')).toEqual([who.nv2.username]);
    expect(usernames((await get(who.admin, '/api/v1/requestrefund?page=1&count=100')).values, 'staff_username')).toEqual(
      sorted(...sales()),
    );
  });
});

describe('exports refused for priority 5', () => {
  /**
   * Every list the specs give an Excel export (spec 1 §2.8, §2.9; spec 2 §2; spec 3 §2.10-2.19),
   * and every listExport route. An export is the list call with page 0 and count 9999999999
   * (spec 1 §9, spec 3 §7.11); lookup history asks with getAll (both forms are tried).
   */
  const EXPORTED_LISTS = [
    '/api/v1/mesbank',
    '/api/v1/care/history',
    '/api/v1/mfy',
    '/api/v1/dangky9279',
    '/api/v1/baodo',
    '/api/v1/lstracuu',
    '/api/v1/giagoimfy',
    '/api/v1/giagoidangky9279',
    '/api/v1/giahoantien',
    '/api/v1/requestrefund',
    '/api/v1/requestrefundreport',
    '/api/v1/requestrefundreport/xuatdstruythu',
    '/api/v1/report90849332',
    '/api/v1/reportstaffrevenue',
    '/api/v1/reportbranchrevenue',
    '/api/v1/report9279',
    '/api/v1/tilebatso',
    '/api/v1/dsdttinhluong',
    '/api/v1/tinhluong',
  ];
  const routes = collectRoutes().filter((r) => r.method === 'get');
  const exports = [...EXPORTED_LISTS, ...routes.filter((r) => r.path.endsWith('/listExport')).map((r) => r.path)];

  it('every export answers 403 to a salesperson, even one holding every code', async () => {
    for (const p of exports) expect(routes.some((r) => r.path === p)).toBe(true);
    const seeded = who.nv1a;
    const everyCode = forge(env.JWT_SECRET!, seeded.token, { perms: [...ALL_CODES] });
    const leaks: string[] = [];
    let refused = 0;
    // Lookup history's export asks with getAll; its plain all-rows count is an export too.
    const pathsOf = (p: string) => [
      `${p}?page=0&count=9999999999`,
      ...(p === '/api/v1/lstracuu' ? [`${p}?page=0&count=9999999999&getAll=true`] : []),
    ];
    for (const path of exports.flatMap(pathsOf)) {
      for (const [name, token] of [
        ['salesperson', seeded.token],
        ['salesperson with every code', everyCode],
      ] as const) {
        const res = await api('GET', path, { token });
        if (res.status === 403 && typeof res.body?.msg === 'string') refused++;
        else leaks.push(`${name}: GET ${path} → ${res.status} ${JSON.stringify(res.body).slice(0, 100)}`);
      }
      // A branch may export the same list (it is a refusal of priority 5, not of the route).
      const branch = await api('GET', path, { token: who.cn1.token });
      if (branch.status === 401) leaks.push(`branch: GET ${path} → 401`);
    }
    process.stdout.write(`exports: ${exports.length} exports × 2 priority-5 tokens, ${refused} refused, ${leaks.length} leaks\n`);
    expect(leaks).toEqual([]);
  });
});

/**
 * Generated from /api/openapi.json: every list route's declared scope (x-row-scope, x-row-owner)
 * and export ban (x-export-barred), proved against the rows seeded above in two branch trees. A
 * new list declares them in its proto route option (the gateway refuses to start without a
 * row_scope) and is walked here without a line of this file changing.
 */
describe('every list keeps to its declared scope and export ban', () => {
  type Op = { 'x-row-scope'?: string; 'x-row-owner'?: string; 'x-export-barred'?: number[]; 'x-export-only'?: boolean };
  let lists: Array<{ path: string; op: Op }> = [];
  beforeAll(async () => {
    const doc = (await api('GET', '/api/openapi.json')).body as { paths: Record<string, Record<string, Op>> };
    lists = Object.entries(doc.paths)
      .filter(([path, ops]) => ops.get?.['x-row-scope'] && !path.includes('{'))
      .map(([path, ops]) => ({ path, op: ops.get }));
  });

  /** Whose rows each caller may get under a scope (branch 1's tree: cn1 ← tn1 ← nv1a, nv1b). */
  const allowed = (scope: string, c: Caller): string[] | undefined => {
    if (scope === 'own') return [c.username];
    if (scope !== 'subtree') return undefined;
    if (c === who.nv1a) return [c.username];
    if (c === who.tn1) return sorted(who.tn1, who.nv1a, who.nv1b);
    return sorted(who.cn1, who.tn1, who.nv1a, who.nv1b);
  };

  it('a salesperson, a leader and a branch get only the rows their declared scope gives them', async () => {
    const owned = lists.filter((l) => l.op['x-row-owner']);
    expect(owned.length).toBeGreaterThanOrEqual(20);
    const leaks: string[] = [];
    let rowsChecked = 0;
    const listsWithRows = new Set<string>();
    for (const { path, op } of owned) {
      const owner = op['x-row-owner']!;
      for (const c of [who.nv1a, who.tn1, who.cn1]) {
        const res = await api('GET', `${path}?page=1&count=100`, { token: c.token });
        if (res.status >= 500) leaks.push(`${c.name} GET ${path} → ${res.status}`);
        if (res.status !== 200) continue;
        const may = allowed(op['x-row-scope']!, c)!;
        for (const row of res.body.data.values as Array<Record<string, unknown>>) {
          rowsChecked++;
          listsWithRows.add(path);
          if (!may.includes(String(row[owner]))) leaks.push(`${c.name} GET ${path}: a row of ${String(row[owner])}`);
        }
      }
    }
    process.stdout.write(`row scope: ${owned.length} lists × 3 callers, ${rowsChecked} rows checked in ${listsWithRows.size} lists\n`);
    expect(leaks).toEqual([]);
    // The rows seeded in both branches were really read (not a walk over empty lists).
    expect([...listsWithRows]).toEqual(expect.arrayContaining(['/api/v1/mfy', '/api/v1/dangky9279', '/api/v1/requestrefund']));
  });

  it('the staff directory is the caller’s subtree: a leader reads neither another branch’s staff nor their contacts', async () => {
    for (const [c, mine] of [
      [who.tn1, sorted(who.tn1, who.nv1a, who.nv1b)],
      [who.cn2, sorted(who.cn2, who.tn2, who.nv2)],
    ] as const) {
      const listed = (await get(c, '/api/v1/users?page=1&count=100')).values.map((u) => u.username);
      expect([...listed].sort()).toEqual(mine);
    }
    const other = await api('GET', `/api/v1/users/${who.nv2.id}`, { token: who.tn1.token });
    expect([403, 404]).toContain(other.status);
    expect(JSON.stringify(other.body)).not.toContain(who.nv2.username);
  });

  it('a count above the largest page a screen offers (count=99999) is an export: refused where priority 5 may not export, served to a branch', async () => {
    const barred = lists.filter((l) => l.op['x-export-barred']?.includes(5));
    expect(barred.length).toBeGreaterThanOrEqual(15);
    const everyCode = forge(env.JWT_SECRET!, who.nv1a.token, { perms: [...ALL_CODES] });
    const leaks: string[] = [];
    for (const { path } of barred)
      for (const token of [who.nv1a.token, everyCode]) {
        const res = await api('GET', `${path}?page=1&count=99999`, { token });
        if (res.status !== 403 || typeof res.body?.msg !== 'string')
          leaks.push(`GET ${path}?count=99999 → ${res.status} ${JSON.stringify(res.body).slice(0, 80)}`);
      }
    expect(leaks).toEqual([]);
    // The same count is a branch's export of every row of its subtree, not a 400.
    const branch = await get(who.cn1, '/api/v1/mfy?page=1&count=99999');
    expect(branch.values.length).toBe(branch.count);
    expect(usernames(branch.values, 'username_nv')).toEqual(sorted(who.nv1a, who.nv1b));
  });
});
