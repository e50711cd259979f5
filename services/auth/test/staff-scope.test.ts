/**
 * Staff management stays inside the caller's subtree (the kit's branch/leader/self rule): seniors
 * (priority 1–2) see and manage everyone; a branch its own people and itself; a leader its group and
 * itself. A record outside the subtree reads as absent (404); acting on it or placing someone outside
 * the subtree is refused (403).
 */
import { auth_v1_auth } from '@cskh/proto';
import { Identity } from '@cskh/kit';
import { failure } from '@cskh/kit/testing';
import { AuthHarness, createUser, identityOf, startAuth, uniq } from './helpers';

type Account = auth_v1_auth.User & { password: string };

let h: AuthHarness;
let hn: Account, hcm: Account, tnHn: Account, tnHn2: Account, tnHcm: Account, nvHn: Account, nvHn2: Account, nvHcm: Account;
let asHn: Identity, asTnHn: Identity, asManager: Identity;

beforeAll(async () => {
  h = await startAuth();
  hn = await createUser(h, { priority: 3, username: uniq('cn_hanoi_') });
  hcm = await createUser(h, { priority: 3, username: uniq('cn_hcm_') });
  tnHn = await createUser(h, { priority: 4, brand: hn.id });
  tnHn2 = await createUser(h, { priority: 4, brand: hn.id });
  tnHcm = await createUser(h, { priority: 4, brand: hcm.id });
  nvHn = await createUser(h, { priority: 5, brand: hn.id, group: tnHn.id });
  nvHn2 = await createUser(h, { priority: 5, brand: hn.id, group: tnHn2.id });
  nvHcm = await createUser(h, { priority: 5, brand: hcm.id, group: tnHcm.id, username: uniq('nv_nam_') });
  asHn = await identityOf(h, hn);
  asTnHn = await identityOf(h, tnHn);
  asManager = await identityOf(h, await createUser(h, { priority: 2 }));
});
afterAll(async () => {
  await h?.stop();
});

const OUT_OF_SCOPE = { status: 403, code: 'FORBIDDEN', msg: 'Nhân viên không thuộc quyền quản lý của bạn' };
const PLACED_OUTSIDE = { status: 403, code: 'FORBIDDEN', msg: 'Bạn chỉ được xếp nhân viên vào chi nhánh hoặc nhóm của mình' };
const NOT_FOUND = { status: 404, code: 'NOT_FOUND', msg: 'Không tìm thấy nhân viên' };

const list = (as: Identity, username = '') =>
  h.call<auth_v1_auth.UserList>(h.clients.users, 'listUsers', { page: 1, count: 9999999999, username }, as);
const names = (l: auth_v1_auth.UserList) => l.values.map((u) => u.username).sort();
const editOf = (u: Account, over: Partial<auth_v1_auth.UpdateUserRequest> = {}): auth_v1_auth.UpdateUserRequest => ({
  id: u.id,
  fullname: u.fullname,
  email: u.email,
  phone: u.phone,
  brand: u.brand_id,
  group: u.group_id,
  role: u.role_id,
  ...over,
});
const stored = async (id: string) =>
  (
    await h.sql<{ brand_id: string | null; group_id: string | null; is_deleted: boolean }>(
      'SELECT brand_id, group_id, is_deleted FROM auth.users WHERE id = $1',
      [id],
    )
  )[0];

describe('reading staff', () => {
  it('a branch lists only its own people and itself; a leader its group and itself; a senior everyone', async () => {
    expect(names(await list(asHn))).toEqual([hn, tnHn, tnHn2, nvHn, nvHn2].map((u) => u.username).sort());
    expect((await list(asHn)).count).toBe(5);
    expect(names(await list(asTnHn))).toEqual([tnHn, nvHn].map((u) => u.username).sort());
    const all = names(await list(asManager));
    expect(all).toEqual(expect.arrayContaining([hn, hcm, tnHcm, nvHcm, nvHn].map((u) => u.username)));
  });

  it('the username filter and the page count stay inside the subtree', async () => {
    const r = await list(asHn, 'nv_nam_');
    expect(r).toEqual({ values: [], count: 0 });
    expect(names(await list(asManager, nvHcm.username))).toEqual([nvHcm.username]);
    const page = await h.call<auth_v1_auth.UserList>(h.clients.users, 'listUsers', { page: 1, count: 2, username: '' }, asHn);
    expect(page.values).toHaveLength(2);
    expect(page.count).toBe(5);
  });

  it('answers NOT_FOUND for one account outside the subtree, by id, by username and for its history', async () => {
    expect(await failure(h.call(h.clients.users, 'getUser', { id: nvHcm.id }, asHn))).toEqual(NOT_FOUND);
    expect(await failure(h.call(h.clients.users, 'getUser', { id: hcm.id }, asHn))).toEqual(NOT_FOUND);
    expect(await failure(h.call(h.clients.users, 'findByUsername', { username: nvHcm.username }, asHn))).toEqual(NOT_FOUND);
    expect(await failure(h.call(h.clients.users, 'userHistory', { id: nvHcm.id, page: 1, count: 10 }, asHn))).toEqual(NOT_FOUND);
    // A leader does not see the other group of its own branch, nor its branch account.
    expect(await failure(h.call(h.clients.users, 'getUser', { id: nvHn2.id }, asTnHn))).toEqual(NOT_FOUND);
    expect(await failure(h.call(h.clients.users, 'getUser', { id: hn.id }, asTnHn))).toEqual(NOT_FOUND);
  });

  it('serves the accounts inside the subtree and oneself', async () => {
    const got = await h.call<auth_v1_auth.User>(h.clients.users, 'getUser', { id: nvHn.id }, asHn);
    expect(got).toMatchObject({ username: nvHn.username, email: nvHn.email, phone: nvHn.phone });
    expect((await h.call<auth_v1_auth.User>(h.clients.users, 'getUser', { id: hn.id }, asHn)).username).toBe(hn.username);
    expect((await h.call<auth_v1_auth.User>(h.clients.users, 'getUser', { id: nvHn.id }, asTnHn)).username).toBe(nvHn.username);
    expect((await h.call<auth_v1_auth.User>(h.clients.users, 'findByUsername', { username: tnHn.username }, asTnHn)).id).toBe(tnHn.id);
    expect((await h.call<auth_v1_auth.User>(h.clients.users, 'getUser', { id: nvHcm.id }, asManager)).username).toBe(nvHcm.username);
  });
});

describe('acting on staff', () => {
  it("refuses resetting another branch's password; the old password still works", async () => {
    const e = await failure(
      h.call(h.clients.users, 'resetPassword', { id: hcm.id, password: 'stolen-123', rePassword: 'stolen-123' }, asHn),
    );
    expect(e).toEqual(OUT_OF_SCOPE);
    await expect(h.login(hcm.username, hcm.password)).resolves.toBeDefined();
    expect((await failure(h.login(hcm.username, 'stolen-123'))).code).toBe('UNAUTHORIZED');
    // A leader may not reset the other group's salesperson either.
    const l = await failure(
      h.call(h.clients.users, 'resetPassword', { id: nvHn2.id, password: 'x-123456', rePassword: 'x-123456' }, asTnHn),
    );
    expect(l).toEqual(OUT_OF_SCOPE);
  });

  it('refuses locking, unlocking or toggling someone outside the subtree', async () => {
    for (const method of ['lock', 'unlock', 'toggleLock']) {
      expect(await failure(h.call(h.clients.users, method, { id: nvHcm.id }, asHn))).toEqual(OUT_OF_SCOPE);
      expect(await failure(h.call(h.clients.users, method, { id: nvHn2.id }, asTnHn))).toEqual(OUT_OF_SCOPE);
    }
    expect((await stored(nvHcm.id)).is_deleted).toBe(false);
    expect((await stored(nvHn2.id)).is_deleted).toBe(false);
  });

  it("refuses editing another branch's salesperson, above all moving them into one's own branch", async () => {
    const e = await failure(h.call(h.clients.users, 'updateUser', editOf(nvHcm, { brand: hn.id, group: tnHn.id }), asHn));
    expect(e).toEqual(OUT_OF_SCOPE);
    expect(await failure(h.call(h.clients.users, 'updateUser', editOf(nvHcm, { fullname: 'Đổi tên' }), asHn))).toEqual(OUT_OF_SCOPE);
    expect(await stored(nvHcm.id)).toMatchObject({ brand_id: hcm.id, group_id: tnHcm.id });
  });

  it("refuses placing one's own people outside the subtree", async () => {
    // A branch sending its salesperson to another branch, or making them a branch of their own.
    const away = await failure(h.call(h.clients.users, 'updateUser', editOf(nvHn, { brand: hcm.id, group: tnHcm.id }), asHn));
    expect(away).toEqual(PLACED_OUTSIDE);
    const own = await failure(h.call(h.clients.users, 'updateUser', editOf(nvHn, { role: h.roleIds[3], brand: '', group: '' }), asHn));
    expect(own).toEqual(PLACED_OUTSIDE);
    // A leader handing its salesperson to the other leader, or making them a leader.
    const moved = await failure(h.call(h.clients.users, 'updateUser', editOf(nvHn, { group: tnHn2.id }), asTnHn));
    expect(moved).toEqual(PLACED_OUTSIDE);
    const promoted = await failure(h.call(h.clients.users, 'updateUser', editOf(nvHn, { role: h.roleIds[4], group: '' }), asTnHn));
    expect(promoted).toEqual(PLACED_OUTSIDE);
    expect(await stored(nvHn.id)).toMatchObject({ brand_id: hn.id, group_id: tnHn.id });
  });

  it('lets a branch and a leader manage their own people, and a branch move staff between its groups', async () => {
    const moved = await h.call<auth_v1_auth.User>(h.clients.users, 'updateUser', editOf(nvHn2, { group: tnHn.id }), asHn);
    expect(moved.group_id).toBe(tnHn.id);
    const back = await h.call<auth_v1_auth.User>(
      h.clients.users,
      'updateUser',
      editOf(nvHn2, { group: tnHn2.id, fullname: 'Tên Mới' }),
      asHn,
    );
    expect(back).toMatchObject({ group_id: tnHn2.id, fullname: 'Tên Mới' });
    const renamed = await h.call<auth_v1_auth.User>(h.clients.users, 'updateUser', editOf(nvHn, { phone: '0900111222' }), asTnHn);
    expect(renamed.phone).toBe('0900111222');
    await h.call(h.clients.users, 'resetPassword', { id: nvHn.id, password: 'reset-by-tn', rePassword: 'reset-by-tn' }, asTnHn);
    await expect(h.login(nvHn.username, 'reset-by-tn')).resolves.toBeDefined();
    // Oneself: the details may change, the place may not.
    const self = await h.call<auth_v1_auth.User>(h.clients.users, 'updateUser', editOf(hn, { fullname: 'Chi nhánh HN' }), asHn);
    expect(self.fullname).toBe('Chi nhánh HN');
  });

  it('creates staff only inside the subtree', async () => {
    const form = (over: Partial<auth_v1_auth.CreateUserRequest>): auth_v1_auth.CreateUserRequest => ({
      fullname: 'Nhân viên mới',
      username: uniq('moi_'),
      password: 'pass-123456',
      email: 'moi@example.vn',
      phone: '',
      brand: hn.id,
      group: tnHn.id,
      role: h.roleIds[5],
      ...over,
    });
    const create = (req: auth_v1_auth.CreateUserRequest, as: Identity) => h.call<auth_v1_auth.User>(h.clients.users, 'createUser', req, as);
    const other = form({ brand: hcm.id, group: tnHcm.id });
    expect(await failure(create(other, asHn))).toEqual(PLACED_OUTSIDE);
    expect(await failure(h.call(h.clients.users, 'findByUsername', { username: other.username }, h.admin))).toMatchObject({ status: 404 });
    // A new branch is outside every branch's subtree; a leader's peer is outside its group.
    expect(await failure(create(form({ role: h.roleIds[3], brand: '', group: '' }), asHn))).toEqual(PLACED_OUTSIDE);
    expect(await failure(create(form({ role: h.roleIds[4], group: '' }), asTnHn))).toEqual(PLACED_OUTSIDE);
    expect(await failure(create(form({ group: tnHn2.id }), asTnHn))).toEqual(PLACED_OUTSIDE);
    expect((await create(form({}), asHn)).brand_id).toBe(hn.id);
    expect((await create(form({ role: h.roleIds[4], group: '' }), asHn)).role_priority).toBe(4);
    expect((await create(form({}), asTnHn)).group_id).toBe(tnHn.id);
    // A senior places anyone anywhere, as before.
    expect((await create(form({ brand: hcm.id, group: tnHcm.id }), asManager)).brand_id).toBe(hcm.id);
  });
});

it("offers a leader their own group only in the group picker (another leader's would be refused)", async () => {
  const picked = (as: Identity) =>
    h.call<{ values: Array<{ id: string }> }>(h.clients.users, 'leaders', { id: hn.id }, as).then((r) => r.values.map((v) => v.id).sort());
  expect(await picked(asTnHn)).toEqual([tnHn.id]);
  // The branch head, every leader of the branch.
  expect(await picked(asHn)).toEqual(expect.arrayContaining([tnHn.id, tnHn2.id]));
});
