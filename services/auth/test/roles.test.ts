import { verifyAccessToken } from '@cskh/kit/server';
import { auth_v1_auth, common_v1_common } from '@cskh/proto';
import { ALL_CODES } from '../src/domain/catalogue';
import { failure } from '@cskh/kit/testing';
import { AuthHarness, JWT_SECRET, createUser, identityOf, startAuth, uniq } from './helpers';

let h: AuthHarness;
let perms: auth_v1_auth.PermissionRef[];
const idOf = (code: string) => perms.find((p) => p.code === code)!.id;

beforeAll(async () => {
  h = await startAuth();
  perms = (await h.call<auth_v1_auth.PermissionList>(h.clients.roles, 'listPermissions', { page: 1, count: 1000, name: '' }, h.admin))
    .values;
});
afterAll(async () => {
  await h?.stop();
});

const save = (method: 'createRole' | 'updateRole', req: Partial<auth_v1_auth.SaveRoleRequest>, as = h.admin) =>
  h.call<auth_v1_auth.Role>(h.clients.roles, method, { id: '', name: '', priority: 0, permissions: [], ...req }, as);

describe('permission catalogue', () => {
  it('lists every seeded code once, with Vietnamese names and categories', async () => {
    expect(perms.map((p) => p.code).sort()).toEqual([...ALL_CODES].sort());
    const lookup = perms.find((p) => p.code === 'lookup.bank')!;
    expect(lookup).toMatchObject({ name: 'Tra cứu ngân hàng', category: 'Tra cứu' });
  });

  it('pages and filters by name, code or category', async () => {
    const page = await h.call<auth_v1_auth.PermissionList>(h.clients.roles, 'listPermissions', { page: 2, count: 5, name: '' }, h.admin);
    expect(page.values).toHaveLength(5);
    expect(page.count).toBe(ALL_CODES.length);
    const f = await h.call<auth_v1_auth.PermissionList>(
      h.clients.roles,
      'listPermissions',
      { page: 1, count: 100, name: 'báo cáo' },
      h.admin,
    );
    expect(f.values.map((p) => p.code)).toEqual(expect.arrayContaining(['report9279', 'reportbranchrevenue']));
    expect(f.values.every((p) => p.category === 'Báo cáo' || /báo cáo/i.test(p.name))).toBe(true);
  });
});

describe('roles', () => {
  it('lists the seeded roles by priority, with permission ids and user counts', async () => {
    const r = await h.call<auth_v1_auth.RoleList>(h.clients.roles, 'listRoles', { page: 1, count: 100, name: '' }, h.admin);
    expect(r.values.map((x) => x.priority)).toEqual([1, 2, 3, 4, 5, 7]);
    const admin = r.values[0];
    expect(admin.permissions).toHaveLength(ALL_CODES.length);
    expect(admin.user_count).toBe(1);
    const sale = r.values.find((x) => x.priority === 5)!;
    expect(sale.permissions).toContain(idOf('customer.care'));
    expect(sale.permissions).not.toContain(idOf('user.get'));
  });

  it('creates, reads, updates and deletes a role', async () => {
    const name = uniq('Vai trò ');
    const created = await save('createRole', { name, priority: 4, permissions: [idOf('khr'), idOf('mfy')] });
    expect(created).toMatchObject({ name, priority: 4, user_count: 0 });
    expect(created.permissions.sort()).toEqual([idOf('khr'), idOf('mfy')].sort());
    const got = await h.call<auth_v1_auth.Role>(h.clients.roles, 'getRole', { id: created.id }, h.admin);
    expect(got.name).toBe(name);
    const updated = await save('updateRole', { id: created.id, name: `${name} 2`, priority: 5, permissions: [idOf('baodo')] });
    expect(updated).toMatchObject({ name: `${name} 2`, priority: 5, permissions: [idOf('baodo')] });
    const found = await h.call<auth_v1_auth.RoleList>(h.clients.roles, 'listRoles', { page: 1, count: 10, name: `${name} 2` }, h.admin);
    expect(found.values.map((r) => r.id)).toEqual([created.id]);
    const ack = await h.call<common_v1_common.Ack>(h.clients.roles, 'deleteRole', { id: created.id }, h.admin);
    expect(ack.ok).toBe(true);
    expect((await failure(h.call(h.clients.roles, 'getRole', { id: created.id }, h.admin))).code).toBe('NOT_FOUND');
  });

  it('requires a name and a priority from 1 to 7', async () => {
    expect((await failure(save('createRole', { name: ' ', priority: 3 }))).msg).toBe('Vui lòng nhập tên vai trò');
    expect((await failure(save('createRole', { name: 'X', priority: 0 }))).msg).toBe('Cấp độ vai trò phải từ 1 đến 7');
    expect((await failure(save('createRole', { name: 'X', priority: 9 }))).code).toBe('VALIDATION');
  });

  it('refuses a duplicate name and unknown permission ids', async () => {
    expect((await failure(save('createRole', { name: 'quản lý', priority: 2 }))).code).toBe('CONFLICT');
    expect(
      (await failure(save('createRole', { name: uniq('R'), priority: 3, permissions: ['3f2504e0-4f89-11d3-9a0c-0305e82c3301'] }))).msg,
    ).toBe('Quyền không tồn tại');
  });

  it('refuses deleting a role that users hold', async () => {
    const e = await failure(h.call(h.clients.roles, 'deleteRole', { id: h.roleIds[1] }, h.admin));
    expect(e.code).toBe('PRECONDITION');
    expect(e.msg).toBe('Không thể xoá vai trò đang được gán cho 1 nhân viên');
  });

  it('keeps managers below their own level and within their own permissions', async () => {
    const manager = await identityOf(h, await createUser(h, { priority: 2 }));
    expect((await failure(save('createRole', { name: uniq('R'), priority: 1 }, manager))).code).toBe('FORBIDDEN');
    expect(
      (await failure(save('updateRole', { id: h.roleIds[1], name: 'Quản trị hệ thống', priority: 1, permissions: [] }, manager))).code,
    ).toBe('FORBIDDEN');
    const noSys = await failure(save('createRole', { name: uniq('R'), priority: 5, permissions: [idOf('systemaccount')] }, manager));
    expect(noSys.code).toBe('FORBIDDEN');
    await expect(save('createRole', { name: uniq('R'), priority: 5, permissions: [idOf('khr')] }, manager)).resolves.toMatchObject({
      priority: 5,
    });
  });

  it('ends the sessions of holders whose permissions changed', async () => {
    const role = await save('createRole', { name: uniq('R'), priority: 2, permissions: [idOf('khr')] });
    const u = await createUser(h, { priority: 2 });
    await h.call(
      h.clients.users,
      'updateUser',
      { id: u.id, fullname: 'A', email: 'a@a', phone: '', brand: '', group: '', role: role.id },
      h.admin,
    );
    await new Promise((r) => setTimeout(r, 5));
    const s = await h.login(u.username, u.password);
    expect(s.reply.permissions).toEqual(['khr']);
    await save('updateRole', { id: role.id, name: role.name, priority: 2, permissions: [idOf('khr'), idOf('mfy')] });
    expect(await h.revocations.isRevoked(verifyAccessToken(JWT_SECRET, s.token))).toBe(true);
    await new Promise((r) => setTimeout(r, 5));
    expect((await h.login(u.username, u.password)).reply.permissions.sort()).toEqual(['khr', 'mfy']);
    // Its priority is fixed while someone holds it.
    const moved = await failure(save('updateRole', { id: role.id, name: role.name, priority: 3, permissions: [idOf('khr')] }));
    expect(moved).toMatchObject({ code: 'PRECONDITION', msg: 'Không thể đổi cấp độ của vai trò đang được gán cho 1 nhân viên' });
  });
});
