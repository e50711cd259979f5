import { auth_v1_auth } from '@cskh/proto';
import { Identity } from '@cskh/kit';
import { verifyAccessToken } from '@cskh/kit/server';
import { failure } from '@cskh/kit/testing';
import { AuthHarness, JWT_SECRET, StaffOptionList, createUser, identityOf, startAuth, uniq } from './helpers';

const EMPTY = '00000000-0000-0000-0000-000000000000';

let h: AuthHarness;
let brandA: auth_v1_auth.User & { password: string };
let brandB: auth_v1_auth.User & { password: string };
let leaderA: auth_v1_auth.User & { password: string };
let saleA: auth_v1_auth.User & { password: string };
let brandNoLeaders: auth_v1_auth.User & { password: string };

beforeAll(async () => {
  h = await startAuth();
  brandA = await createUser(h, { priority: 3, username: uniq('CN_A_') });
  brandB = await createUser(h, { priority: 3, username: uniq('CN_B_') });
  brandNoLeaders = await createUser(h, { priority: 3 });
  leaderA = await createUser(h, { priority: 4, brand: brandA.id });
  saleA = await createUser(h, { priority: 5, brand: brandA.id, group: leaderA.id });
});
afterAll(async () => {
  await h?.stop();
});

const form = (over: Partial<auth_v1_auth.CreateUserRequest> = {}): auth_v1_auth.CreateUserRequest => ({
  fullname: 'Nguyễn Văn Test',
  username: uniq('nv_'),
  password: 'pass-123456',
  email: 'test@example.vn',
  phone: '',
  brand: '',
  group: '',
  role: h.roleIds[1],
  ...over,
});
const create = (req: auth_v1_auth.CreateUserRequest, as: Identity = h.admin) =>
  h.call<auth_v1_auth.User>(h.clients.users, 'createUser', req, as);

describe('create user', () => {
  it('creates a user with role, branch and leader and never returns the password', async () => {
    const u = await create(form({ role: h.roleIds[5], brand: brandA.id, group: leaderA.id, phone: '0912000111' }));
    expect(u).toMatchObject({
      fullname: 'Nguyễn Văn Test',
      full_name: 'Nguyễn Văn Test',
      role_id: h.roleIds[5],
      role_priority: 5,
      role: { id: h.roleIds[5], priority: 5 },
      brand_id: brandA.id,
      group_id: leaderA.id,
      is_deleted: false,
      has_custom_permissions: false,
    });
    expect(u.permissions.map((p) => p.code)).toContain('customer.care');
    expect(u.permissions.map((p) => p.code)).not.toContain('user.get');
    expect(JSON.stringify(u)).not.toContain('pass-123456');
  });

  it('answers the all-zero GUID for an empty branch and leader', async () => {
    const u = await create(form({ role: h.roleIds[2] }));
    expect(u.brand_id).toBe(EMPTY);
    expect(u.group_id).toBe(EMPTY);
  });

  it('requires fullname, username, password and email', async () => {
    const e = await failure(create(form({ fullname: '', username: '', password: '', email: '' })));
    expect(e).toMatchObject({ code: 'VALIDATION', msg: 'Vui lòng nhập đầy đủ: họ tên, tên đăng nhập, mật khẩu, email' });
  });

  it('refuses a taken username, whatever its case', async () => {
    const name = uniq('dup_');
    await create(form({ username: name, role: h.roleIds[2] }));
    const e = await failure(create(form({ username: name.toUpperCase(), role: h.roleIds[2] })));
    expect(e).toEqual({ status: 409, code: 'CONFLICT', msg: 'Tên đăng nhập đã tồn tại' });
  });

  it('refuses a blank or missing role (never a default, least of all the administrator), saving nothing', async () => {
    const manager = await identityOf(h, await createUser(h, { priority: 2 }));
    for (const [role, as] of [
      ['', h.admin],
      ['   ', h.admin],
      ['', manager],
    ] as const) {
      const username = uniq('norole_');
      expect(await failure(create(form({ username, role }), as))).toEqual({
        status: 400,
        code: 'VALIDATION',
        msg: 'Vui lòng chọn vai trò',
      });
      expect(await failure(h.call(h.clients.users, 'findByUsername', { username }, h.admin))).toMatchObject({ status: 404 });
    }
  });

  it('refuses an unknown role', async () => {
    expect((await failure(create(form({ role: '3f2504e0-4f89-11d3-9a0c-0305e82c3301' })))).msg).toBe('Vai trò không tồn tại');
    expect((await failure(create(form({ role: 'not-an-id' })))).msg).toBe('Vai trò không tồn tại');
  });

  it('refuses a role more powerful than the caller', async () => {
    const manager = await identityOf(h, await createUser(h, { priority: 2 }));
    const e = await failure(create(form({ role: h.roleIds[1] }), manager));
    expect(e).toMatchObject({ code: 'FORBIDDEN', msg: 'Bạn không thể gán vai trò cao hơn vai trò của mình' });
    const branch = await identityOf(h, brandA);
    expect((await failure(create(form({ role: h.roleIds[2] }), branch))).code).toBe('FORBIDDEN');
    // Same level or weaker is fine.
    expect((await create(form({ role: h.roleIds[2] }), manager)).role_priority).toBe(2);
  });

  it('requires a branch from priority 4, and it must be a branch account', async () => {
    expect((await failure(create(form({ role: h.roleIds[4] })))).msg).toBe('Vui lòng chọn chi nhánh');
    expect((await failure(create(form({ role: h.roleIds[4], brand: EMPTY })))).msg).toBe('Vui lòng chọn chi nhánh');
    expect((await failure(create(form({ role: h.roleIds[4], brand: leaderA.id })))).msg).toBe('Chi nhánh không hợp lệ');
    expect((await failure(create(form({ role: h.roleIds[5], brand: 'garbage' })))).msg).toBe('Chi nhánh không hợp lệ');
    const leader = await create(form({ role: h.roleIds[4], brand: brandB.id, group: leaderA.id }));
    expect(leader.brand_id).toBe(brandB.id);
    expect(leader.group_id).toBe(EMPTY);
  });

  it('requires a leader of the branch for priority 5 when the branch has leaders', async () => {
    expect((await failure(create(form({ role: h.roleIds[5], brand: brandA.id })))).msg).toBe('Vui lòng chọn nhóm');
    const otherLeader = await createUser(h, { priority: 4, brand: brandB.id });
    expect((await failure(create(form({ role: h.roleIds[5], brand: brandA.id, group: otherLeader.id })))).msg).toBe(
      'Nhóm không thuộc chi nhánh đã chọn',
    );
    const ok = await create(form({ role: h.roleIds[5], brand: brandNoLeaders.id }));
    expect(ok.group_id).toBe(EMPTY);
  });

  it('ignores branch and leader for roles above priority 4', async () => {
    const u = await create(form({ role: h.roleIds[3], brand: brandA.id, group: leaderA.id }));
    expect(u.brand_id).toBe(EMPTY);
    expect(u.group_id).toBe(EMPTY);
  });
});

describe('password policy: create and reset', () => {
  const WEAK = 'Mật khẩu phải có ít nhất 8 ký tự, không chứa tên đăng nhập và không phải mật khẩu phổ biến';

  it('refuses a short, a common or a username-containing password on create, saving nothing', async () => {
    const username = uniq('pol_');
    for (const password of ['1', 'a', username, `${username}!2024`, 'Password1', 'P@ssw0rd', '12345678']) {
      const e = await failure(create(form({ username, password, role: h.roleIds[2] })));
      expect([password, e.code, e.msg.startsWith(WEAK)]).toEqual([password, 'VALIDATION', true]);
    }
    const [{ n }] = await h.sql<{ n: number }>('SELECT count(*)::int AS n FROM auth.users WHERE lower(username) = lower($1)', [username]);
    expect(n).toBe(0);
    await expect(create(form({ username, password: 'Matkhau@1', role: h.roleIds[2] }))).resolves.toMatchObject({ username });
  });

  it("refuses the same on an administrator's reset, keeping the old password", async () => {
    const u = await createUser(h, { priority: 2 });
    for (const password of ['abc', 'qwerty123', u.username.toUpperCase() + '#9']) {
      const e = await failure(h.call(h.clients.users, 'resetPassword', { id: u.id, password, rePassword: password }, h.admin));
      expect([password, e.code, e.msg.startsWith(WEAK)]).toEqual([password, 'VALIDATION', true]);
    }
    await expect(h.login(u.username, u.password)).resolves.toBeDefined();
    await h.call(h.clients.users, 'resetPassword', { id: u.id, password: 'Matkhau@123', rePassword: 'Matkhau@123' }, h.admin);
    await expect(h.login(u.username, 'Matkhau@123')).resolves.toBeDefined();
  });
});

describe('list, get and find', () => {
  it('filters by username (contains, any case) and pages in creation order', async () => {
    const tag = uniq('lst');
    const made = [];
    for (let i = 0; i < 3; i++) made.push(await createUser(h, { priority: 2, username: `${tag}_${i}` }));
    const page1 = await h.call<auth_v1_auth.UserList>(
      h.clients.users,
      'listUsers',
      { page: 1, count: 2, username: tag.toUpperCase() },
      h.admin,
    );
    expect(page1.count).toBe(3);
    expect(page1.values.map((u) => u.username)).toEqual([`${tag}_0`, `${tag}_1`]);
    const page2 = await h.call<auth_v1_auth.UserList>(h.clients.users, 'listUsers', { page: 2, count: 2, username: tag }, h.admin);
    expect(page2.values.map((u) => u.username)).toEqual([`${tag}_2`]);
    const all = await h.call<auth_v1_auth.UserList>(h.clients.users, 'listUsers', { page: 0, count: 9999999999, username: '' }, h.admin);
    expect(all.values.length).toBe(all.count);
    expect(all.values.map((u) => u.username)).toEqual(expect.arrayContaining(made.map((u) => u.username)));
  });

  it('treats LIKE wildcards in the filter literally', async () => {
    const r = await h.call<auth_v1_auth.UserList>(h.clients.users, 'listUsers', { page: 1, count: 20, username: '%' }, h.admin);
    expect(r.count).toBe(0);
  });

  it('gets a user by id and by username', async () => {
    expect((await h.call<auth_v1_auth.User>(h.clients.users, 'getUser', { id: saleA.id }, h.admin)).username).toBe(saleA.username);
    expect((await h.call<auth_v1_auth.User>(h.clients.users, 'findByUsername', { username: saleA.username }, h.admin)).id).toBe(saleA.id);
    expect((await failure(h.call(h.clients.users, 'getUser', { id: 'nope' }, h.admin))).code).toBe('NOT_FOUND');
    expect((await failure(h.call(h.clients.users, 'findByUsername', { username: 'nobody-x' }, h.admin))).msg).toBe(
      'Không tìm thấy nhân viên',
    );
  });
});

describe('update user', () => {
  it('updates the fields and the role', async () => {
    const u = await createUser(h, { priority: 2 });
    const r = await h.call<auth_v1_auth.User>(
      h.clients.users,
      'updateUser',
      { id: u.id, fullname: 'Đã sửa', email: 'sua@example.vn', phone: '0900', brand: brandA.id, group: '', role: h.roleIds[4] },
      h.admin,
    );
    expect(r).toMatchObject({ fullname: 'Đã sửa', email: 'sua@example.vn', phone: '0900', role_priority: 4, brand_id: brandA.id });
  });

  it('keeps the role when the role is blank', async () => {
    const u = await createUser(h, { priority: 2 });
    const r = await h.call<auth_v1_auth.User>(
      h.clients.users,
      'updateUser',
      { id: u.id, fullname: 'X', email: 'x@x', phone: '', brand: '', group: '', role: '' },
      h.admin,
    );
    expect(r.role_priority).toBe(2);
  });

  it('refuses editing a more powerful user or promoting above the caller', async () => {
    const manager = await identityOf(h, await createUser(h, { priority: 2 }));
    const e = await failure(
      h.call(
        h.clients.users,
        'updateUser',
        { id: h.admin.userId, fullname: 'X', email: 'x@x', phone: '', brand: '', group: '', role: '' },
        manager,
      ),
    );
    expect(e.code).toBe('FORBIDDEN');
    const target = await createUser(h, { priority: 3 });
    const up = await failure(
      h.call(
        h.clients.users,
        'updateUser',
        { id: target.id, fullname: 'X', email: 'x@x', phone: '', brand: '', group: '', role: h.roleIds[1] },
        manager,
      ),
    );
    expect(up).toMatchObject({ code: 'FORBIDDEN', msg: 'Bạn không thể gán vai trò cao hơn vai trò của mình' });
  });

  it('keeps a branch with staff from changing level', async () => {
    const e = await failure(
      h.call(
        h.clients.users,
        'updateUser',
        { id: brandA.id, fullname: 'CN', email: 'x@x', phone: '', brand: '', group: '', role: h.roleIds[2] },
        h.admin,
      ),
    );
    expect(e.code).toBe('PRECONDITION');
  });
});

describe('lock rules', () => {
  it('never locks a priority-1 account', async () => {
    const admin2 = await createUser(h, { priority: 1 });
    const e = await failure(h.call(h.clients.users, 'lock', { id: admin2.id }, h.admin));
    expect(e).toMatchObject({ code: 'FORBIDDEN', msg: 'Không thể khoá hoặc mở khoá tài khoản quản trị' });
    expect((await failure(h.call(h.clients.users, 'toggleLock', { id: admin2.id }, h.admin))).code).toBe('FORBIDDEN');
  });

  it('refuses locking oneself', async () => {
    const m = await createUser(h, { priority: 2 });
    expect((await failure(h.call(h.clients.users, 'lock', { id: m.id }, await identityOf(h, m)))).code).toBe('FORBIDDEN');
  });
});

describe('per-user permission editor', () => {
  async function permissionId(code: string): Promise<string> {
    const all = await h.call<auth_v1_auth.PermissionList>(h.clients.roles, 'listPermissions', { page: 1, count: 1000, name: '' }, h.admin);
    return all.values.find((p) => p.code === code)!.id;
  }

  it('stores the user own set, which becomes the effective set', async () => {
    const u = await createUser(h, { priority: 5, brand: brandNoLeaders.id });
    const r = await h.call<auth_v1_auth.User>(
      h.clients.users,
      'setUserPermissions',
      {
        id: u.id,
        permissions: [
          { id: await permissionId('lookup.bank'), code: '', name: '', category: '' },
          { id: '', code: 'khr', name: '', category: '' },
        ],
      },
      h.admin,
    );
    expect(r.has_custom_permissions).toBe(true);
    expect(r.permissions.map((p) => p.code).sort()).toEqual(['khr', 'lookup.bank']);
    const { reply } = await h.login(u.username, u.password);
    expect(reply.permissions.sort()).toEqual(['khr', 'lookup.bank']);
  });

  it('revokes the target tokens', async () => {
    const u = await createUser(h, { priority: 5, brand: brandNoLeaders.id });
    const before = await h.login(u.username, u.password);
    await h.call(h.clients.users, 'setUserPermissions', { id: u.id, permissions: [] }, h.admin);
    expect(await h.revocations.isRevoked(verifyAccessToken(JWT_SECRET, before.token))).toBe(true);
  });

  it('is refused to callers of priority 3 and above', async () => {
    const u = await createUser(h, { priority: 5, brand: brandNoLeaders.id });
    const e = await failure(h.call(h.clients.users, 'setUserPermissions', { id: u.id, permissions: [] }, await identityOf(h, brandA)));
    expect(e.code).toBe('FORBIDDEN');
  });

  it('is refused for priority-1 targets', async () => {
    const admin2 = await createUser(h, { priority: 1 });
    const e = await failure(h.call(h.clients.users, 'setUserPermissions', { id: admin2.id, permissions: [] }, h.admin));
    expect(e).toMatchObject({ code: 'FORBIDDEN', msg: 'Không thể phân quyền riêng cho tài khoản quản trị' });
  });

  it('lets a manager grant only codes they hold', async () => {
    const manager = await identityOf(h, await createUser(h, { priority: 2 }));
    const u = await createUser(h, { priority: 5, brand: brandNoLeaders.id });
    const e = await failure(
      h.call(
        h.clients.users,
        'setUserPermissions',
        { id: u.id, permissions: [{ id: '', code: 'systemaccount', name: '', category: '' }] },
        manager,
      ),
    );
    expect(e.code).toBe('FORBIDDEN');
    expect(e.msg).toContain('systemaccount');
    const ok = await h.call<auth_v1_auth.User>(
      h.clients.users,
      'setUserPermissions',
      { id: u.id, permissions: [{ id: '', code: 'user.get', name: '', category: '' }] },
      manager,
    );
    expect(ok.permissions.map((p) => p.code)).toEqual(['user.get']);
  });

  it('refuses unknown permissions', async () => {
    const u = await createUser(h, { priority: 5, brand: brandNoLeaders.id });
    const e = await failure(
      h.call(
        h.clients.users,
        'setUserPermissions',
        { id: u.id, permissions: [{ id: '', code: 'no.such', name: '', category: '' }] },
        h.admin,
      ),
    );
    expect(e).toMatchObject({ code: 'VALIDATION', msg: 'Quyền không tồn tại' });
  });
});

describe('reference lists', () => {
  const names = (l: StaffOptionList) => l.values.map((v) => v.username);

  it('MyBrands: every branch for seniors, only their own for branch, leader and salesperson', async () => {
    const all = await h.call<StaffOptionList>(h.clients.users, 'myBrands', {}, h.admin);
    expect(names(all)).toEqual(expect.arrayContaining([brandA.username, brandB.username]));
    expect(all.values.every((v) => v.role?.priority === 3)).toBe(true);
    for (const u of [brandA, leaderA, saleA]) {
      const mine = await h.call<StaffOptionList>(h.clients.users, 'myBrands', {}, await identityOf(h, u));
      expect(names(mine)).toEqual([brandA.username]);
    }
  });

  it('Leaders: priority-4 users of the branch', async () => {
    const l = await h.call<StaffOptionList>(h.clients.users, 'leaders', { id: brandA.id }, h.admin);
    expect(names(l)).toContain(leaderA.username);
    expect(l.values.every((v) => v.role?.priority === 4 && v.brand_id === brandA.id)).toBe(true);
    expect((await h.call<StaffOptionList>(h.clients.users, 'leaders', { id: EMPTY }, h.admin)).count).toBe(0);
  });

  it('Salemen: priority-5 users, filtered by branch and leader', async () => {
    const byBrand = await h.call<StaffOptionList>(h.clients.users, 'salemen', { brand_id: brandA.id, group_id: '' }, h.admin);
    expect(names(byBrand)).toContain(saleA.username);
    expect(byBrand.values.every((v) => v.role?.priority === 5 && v.brand_id === brandA.id)).toBe(true);
    const byGroup = await h.call<StaffOptionList>(h.clients.users, 'salemen', { brand_id: '', group_id: leaderA.id }, h.admin);
    expect(byGroup.values.every((v) => v.group_id === leaderA.id)).toBe(true);
    expect(names(byGroup)).toContain(saleA.username);
    const other = await h.call<StaffOptionList>(h.clients.users, 'salemen', { brand_id: brandB.id, group_id: '' }, h.admin);
    expect(names(other)).not.toContain(saleA.username);
  });

  it('FindAllNoLimit: active staff by priority then username, with the role priority', async () => {
    const locked = await createUser(h, { priority: 2 });
    await h.call(h.clients.users, 'lock', { id: locked.id }, h.admin);
    const all = await h.call<StaffOptionList>(h.clients.users, 'findAllNoLimit', { page: 0, count: 100 }, await identityOf(h, saleA));
    expect(names(all)).not.toContain(locked.username);
    expect(names(all)).toEqual(expect.arrayContaining(['admin', brandA.username, leaderA.username, saleA.username]));
    const keys = all.values.map((v) => [v.role!.priority, v.username.toLowerCase()] as const);
    const sorted = [...keys].sort((a, b) => a[0] - b[0] || (a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : 0));
    expect(keys).toEqual(sorted);
    expect(all.count).toBe(all.values.length);
  });

  it('FindAllBranch/Leader/SaleNoLimit: one level each', async () => {
    for (const [method, p] of [
      ['findAllBranchNoLimit', 3],
      ['findAllLeaderNoLimit', 4],
      ['findAllSaleNoLimit', 5],
    ] as const) {
      const l = await h.call<StaffOptionList>(h.clients.users, method, { page: 0, count: 100 }, h.admin);
      expect(l.count).toBeGreaterThan(0);
      expect(l.values.every((v) => v.role?.priority === p)).toBe(true);
    }
  });
});

describe('audit trail (GET /users/{id}/history)', () => {
  it('records who changed which field from what to what, in the same transaction, newest first; never the password', async () => {
    const u = await createUser(h, { priority: 5, brand: brandA.id, group: leaderA.id });
    const history = () =>
      h.call<{ values: Array<{ field: string; from_value: string; to_value: string; username: string; at: string }>; count: number }>(
        h.clients.users,
        'userHistory',
        { id: u.id, page: 1, count: 50 },
        h.admin,
      );
    expect((await history()).count).toBe(0);

    await h.call(
      h.clients.users,
      'updateUser',
      {
        id: u.id,
        fullname: 'Trần Thị Đổi',
        email: 'nv@example.vn',
        phone: '0912345678',
        brand: brandA.id,
        group: leaderA.id,
        role: h.roleIds[4],
      },
      h.admin,
    );
    await h.call(h.clients.users, 'lock', { id: u.id }, h.admin);
    await h.call(h.clients.users, 'resetPassword', { id: u.id, password: 'secret-new-1', rePassword: 'secret-new-1' }, h.admin);

    const { values, count } = await history();
    const fields = values.map((v) => v.field);
    // Newest first: the reset, the lock, then the edit's fields (role, name; group cleared for a leader).
    expect(fields[0]).toBe('password');
    expect(fields[1]).toBe('locked');
    expect(fields).toEqual(expect.arrayContaining(['fullname', 'role']));
    expect(count).toBe(values.length);
    const name = values.find((v) => v.field === 'fullname')!;
    expect(name).toMatchObject({ from_value: 'Nhân viên 5', to_value: 'Trần Thị Đổi', username: 'admin' });
    expect(name.at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+07:00$/);
    expect(values.find((v) => v.field === 'role')).toMatchObject({ from_value: 'Nhân viên kinh doanh', to_value: 'Trưởng nhóm' });
    expect(values.find((v) => v.field === 'locked')).toMatchObject({ from_value: 'false', to_value: 'true' });
    // A salesperson made leader leaves their leader's group: named by username, not by id.
    expect(values.find((v) => v.field === 'group_id')).toMatchObject({ from_value: leaderA.username, to_value: '' });
    expect(JSON.stringify(values)).not.toContain('secret-new-1');
  });

  it('writes nothing when an edit is refused, and answers NOT_FOUND for an unknown id', async () => {
    const u = await createUser(h, { priority: 5, brand: brandA.id, group: leaderA.id });
    const manager = await identityOf(h, await createUser(h, { priority: 2 }));
    expect(
      (
        await failure(
          h.call(
            h.clients.users,
            'updateUser',
            { id: h.admin.userId, fullname: 'X', email: 'x@x', phone: '', brand: '', group: '', role: '' },
            manager,
          ),
        )
      ).code,
    ).toBe('FORBIDDEN');
    const admins = await h.call<{ count: number }>(h.clients.users, 'userHistory', { id: h.admin.userId, page: 1, count: 10 }, h.admin);
    expect(admins.count).toBe(0);
    expect((await failure(h.call(h.clients.users, 'userHistory', { id: 'not-an-id', page: 1, count: 10 }, h.admin))).code).toBe(
      'NOT_FOUND',
    );
    expect((await h.call<{ count: number }>(h.clients.users, 'userHistory', { id: u.id, page: 0, count: 10 }, h.admin)).count).toBe(0);
  });
});
