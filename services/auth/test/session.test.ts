import { verifyAccessToken } from '@cskh/kit/server';
import { auth_v1_auth, common_v1_common } from '@cskh/proto';
import { failure } from '@cskh/kit/testing';
import { AuthHarness, JWT_SECRET, createUser, identityOf, startAuth, ADMIN_PASSWORD } from './helpers';

let h: AuthHarness;
beforeAll(async () => {
  h = await startAuth();
});
afterAll(async () => {
  await h?.stop();
});

const isRevoked = (token: string) => h.revocations.isRevoked(verifyAccessToken(JWT_SECRET, token));

describe('login', () => {
  it('answers a token, the user, the role and the permission codes', async () => {
    const { reply, identity } = await h.login('admin', ADMIN_PASSWORD);
    expect(reply.access_token).not.toBe('');
    expect(reply.expires_in).toBeGreaterThan(3500);
    expect(reply.expires_in).toBeLessThanOrEqual(3600);
    expect(reply.user?.username).toBe('admin');
    expect(reply.user?.fullname).toBe('Quản trị hệ thống');
    expect(reply.role).toEqual({ id: h.roleIds[1], name: 'Quản trị hệ thống', priority: 1 });
    expect(reply.permissions).toEqual(expect.arrayContaining(['user.get', 'systemaccount', 'customer.care', 'role.delete']));
    expect(identity).toMatchObject({ username: 'admin', priority: 1, roleName: 'Quản trị hệ thống' });
    expect([...identity.permissions].sort()).toEqual([...reply.permissions].sort());
    expect(JSON.stringify(reply)).not.toMatch(/\$2[aby]\$/);
  });

  it('accepts the username in any case', async () => {
    const { reply } = await h.login('ADMIN', ADMIN_PASSWORD);
    expect(reply.user?.username).toBe('admin');
  });

  it('refuses a wrong password and an unknown user with the same message', async () => {
    for (const [u, p] of [
      ['admin', 'wrong-password'],
      ['nobody-here', 'whatever'],
    ]) {
      const e = await failure(h.login(u, p));
      expect(e).toEqual({ status: 401, code: 'UNAUTHORIZED', msg: 'Tên đăng nhập hoặc mật khẩu không đúng' });
    }
  });

  it('refuses a locked account', async () => {
    const u = await createUser(h, { priority: 2 });
    await h.call(h.clients.users, 'lock', { id: u.id }, h.admin);
    const e = await failure(h.login(u.username, u.password));
    expect(e).toMatchObject({ code: 'UNAUTHORIZED', msg: 'Tài khoản đã bị khóa' });
  });

  it('refuses a locked account only after checking the password', async () => {
    const u = await createUser(h, { priority: 2 });
    await h.call(h.clients.users, 'lock', { id: u.id }, h.admin);
    expect((await failure(h.login(u.username, 'bad-password'))).msg).toBe('Tên đăng nhập hoặc mật khẩu không đúng');
  });
});

describe('logout and revocation', () => {
  it('revokes the token of the call', async () => {
    const { token, identity } = await h.login('admin', ADMIN_PASSWORD);
    const other = await h.login('admin', ADMIN_PASSWORD);
    expect(await isRevoked(token)).toBe(false);
    const ack = await h.call<common_v1_common.Ack>(h.clients.session, 'logout', { accessToken: '' }, identity);
    expect(ack).toEqual({ ok: true, msg: 'Đăng xuất thành công' });
    expect(await isRevoked(token)).toBe(true);
    // Another session of the same user lives on.
    expect(await isRevoked(other.token)).toBe(false);
  });

  it('needs a caller', async () => {
    expect((await failure(h.call(h.clients.session, 'logout', { accessToken: '' }))).code).toBe('UNAUTHORIZED');
  });

  it('lock revokes every live token of the user; unlock restores login', async () => {
    const u = await createUser(h, { priority: 2 });
    const a = await h.login(u.username, u.password);
    const b = await h.login(u.username, u.password);
    const locked = await h.call<auth_v1_auth.User>(h.clients.users, 'lock', { id: u.id }, h.admin);
    expect(locked.is_deleted).toBe(true);
    expect(await isRevoked(a.token)).toBe(true);
    expect(await isRevoked(b.token)).toBe(true);
    const unlocked = await h.call<auth_v1_auth.User>(h.clients.users, 'unlock', { id: u.id }, h.admin);
    expect(unlocked.is_deleted).toBe(false);
    await new Promise((r) => setTimeout(r, 5)); // a new token is issued strictly after the revocation
    const again = await h.login(u.username, u.password);
    expect(await isRevoked(again.token)).toBe(false);
  });

  it('toggle flips the lock', async () => {
    const u = await createUser(h, { priority: 5, brand: (await createUser(h, { priority: 3 })).id });
    expect((await h.call<auth_v1_auth.User>(h.clients.users, 'toggleLock', { id: u.id }, h.admin)).is_deleted).toBe(true);
    expect((await failure(h.login(u.username, u.password))).msg).toBe('Tài khoản đã bị khóa');
    expect((await h.call<auth_v1_auth.User>(h.clients.users, 'toggleLock', { id: u.id }, h.admin)).is_deleted).toBe(false);
    await expect(h.login(u.username, u.password)).resolves.toBeDefined();
  });

  it('password reset revokes the tokens and the new password works', async () => {
    const u = await createUser(h, { priority: 2 });
    const before = await h.login(u.username, u.password);
    const mismatch = await failure(
      h.call(h.clients.users, 'resetPassword', { id: u.id, password: 'n1-123456', rePassword: 'n2-123456' }, h.admin),
    );
    expect(mismatch).toMatchObject({ code: 'VALIDATION', msg: 'Mật khẩu xác nhận không khớp' });
    const ack = await h.call<common_v1_common.Ack>(
      h.clients.users,
      'resetPassword',
      { id: u.id, password: 'new-pass-1', rePassword: 'new-pass-1' },
      h.admin,
    );
    expect(ack.msg).toBe('Cấp mật khẩu mới thành công.');
    expect(await isRevoked(before.token)).toBe(true);
    expect((await failure(h.login(u.username, u.password))).code).toBe('UNAUTHORIZED');
    await new Promise((r) => setTimeout(r, 5));
    const after = await h.login(u.username, 'new-pass-1');
    expect(await isRevoked(after.token)).toBe(false);
  });
});

describe('me', () => {
  it("answers the caller's current user, role and permissions without a token", async () => {
    const u = await createUser(h, { priority: 2 });
    const me = await h.call<auth_v1_auth.LoginReply>(h.clients.session, 'me', {}, await identityOf(h, u));
    expect(me.access_token).toBe('');
    expect(me.user?.id).toBe(u.id);
    expect(me.role?.priority).toBe(2);
    expect(me.permissions).toContain('user.get');
    expect(me.permissions).not.toContain('systemaccount');
  });

  it('refuses a caller whose account was locked meanwhile', async () => {
    const u = await createUser(h, { priority: 2 });
    const id = await identityOf(h, u);
    await h.call(h.clients.users, 'lock', { id: u.id }, h.admin);
    expect((await failure(h.call(h.clients.session, 'me', {}, id))).code).toBe('UNAUTHORIZED');
  });
});

describe('save profile', () => {
  const form = {
    fullname: 'Tên Mới',
    email: 'moi@example.vn',
    phone: '0987654321',
    password: '',
    password_new: '',
    password_new_confirm: '',
    avatar: '',
  };

  it('updates name, email and phone', async () => {
    const u = await createUser(h, { priority: 2 });
    const id = await identityOf(h, u);
    const r = await h.call<auth_v1_auth.SaveProfileReply>(h.clients.session, 'saveProfile', form, id);
    expect(r.msg).toBe('Cập nhật thông tin cá nhân thành công');
    expect(r.user).toMatchObject({ fullname: 'Tên Mới', full_name: 'Tên Mới', email: 'moi@example.vn', phone: '0987654321' });
    const again = await h.call<auth_v1_auth.User>(h.clients.users, 'getUser', { id: u.id }, h.admin);
    expect(again.fullname).toBe('Tên Mới');
  });

  it('refuses missing name or email and a non-numeric phone', async () => {
    const id = await identityOf(h, await createUser(h, { priority: 2 }));
    expect((await failure(h.call(h.clients.session, 'saveProfile', { ...form, fullname: ' ' }, id))).msg).toBe('Vui lòng nhập họ tên');
    expect((await failure(h.call(h.clients.session, 'saveProfile', { ...form, email: '' }, id))).msg).toBe('Vui lòng nhập email');
    expect((await failure(h.call(h.clients.session, 'saveProfile', { ...form, phone: '09x' }, id))).msg).toBe(
      'Số điện thoại chỉ được chứa chữ số',
    );
  });

  it('changes the password only with the right old password and a matching confirmation', async () => {
    const u = await createUser(h, { priority: 2 });
    const id = await identityOf(h, u);
    const wrongOld = await failure(
      h.call(
        h.clients.session,
        'saveProfile',
        { ...form, password: 'not-it', password_new: 'brand-new-1', password_new_confirm: 'brand-new-1' },
        id,
      ),
    );
    expect(wrongOld).toMatchObject({ code: 'VALIDATION', msg: 'Mật khẩu cũ không đúng' });
    const mismatch = await failure(
      h.call(
        h.clients.session,
        'saveProfile',
        { ...form, password: u.password, password_new: 'brand-new-1', password_new_confirm: 'brand-new-2' },
        id,
      ),
    );
    expect(mismatch.msg).toBe('Mật khẩu xác nhận không khớp');
    await expect(h.login(u.username, u.password)).resolves.toBeDefined();
    await h.call(
      h.clients.session,
      'saveProfile',
      { ...form, password: u.password, password_new: 'brand-new-1', password_new_confirm: 'brand-new-1' },
      id,
    );
    expect((await failure(h.login(u.username, u.password))).code).toBe('UNAUTHORIZED');
    await expect(h.login(u.username, 'brand-new-1')).resolves.toBeDefined();
  });

  it('refuses a weak new password: short, common or containing the username', async () => {
    const u = await createUser(h, { priority: 2 });
    const id = await identityOf(h, u);
    for (const weak of ['1', 'password', `x${u.username}x99`]) {
      const e = await failure(
        h.call(h.clients.session, 'saveProfile', { ...form, password: u.password, password_new: weak, password_new_confirm: weak }, id),
      );
      expect([weak, e.code, e.msg]).toEqual([
        weak,
        'VALIDATION',
        expect.stringMatching(/^Mật khẩu phải có ít nhất 8 ký tự, không chứa tên đăng nhập và không phải mật khẩu phổ biến/),
      ]);
    }
    await expect(h.login(u.username, u.password)).resolves.toBeDefined();
  });

  it('a password change ends every other session of the user, and only those; the changing session stays', async () => {
    const u = await createUser(h, { priority: 5, brand: (await createUser(h, { priority: 3 })).id });
    const a = await h.login(u.username, u.password);
    const b = await h.login(u.username, u.password);
    const c = await h.login(u.username, u.password);
    const someoneElse = await h.login('admin', ADMIN_PASSWORD);
    // A profile save without a new password ends nothing.
    await h.call(h.clients.session, 'saveProfile', form, b.identity);
    for (const s of [a, b, c]) expect(await isRevoked(s.token)).toBe(false);

    await h.call(
      h.clients.session,
      'saveProfile',
      { ...form, password: u.password, password_new: 'New@12345', password_new_confirm: 'New@12345' },
      b.identity,
    );
    expect(await isRevoked(a.token)).toBe(true);
    expect(await isRevoked(c.token)).toBe(true);
    // The session that made the change goes on, as does everyone else's.
    expect(await isRevoked(b.token)).toBe(false);
    expect(await isRevoked(someoneElse.token)).toBe(false);
    const me = await h.call<auth_v1_auth.LoginReply>(h.clients.session, 'me', {}, b.identity);
    expect(me.user?.id).toBe(u.id);
    // A session opened with the new password lives; its own change later ends b.
    const d = await h.login(u.username, 'New@12345');
    expect(await isRevoked(d.token)).toBe(false);
    await h.call(
      h.clients.session,
      'saveProfile',
      { ...form, password: 'New@12345', password_new: 'New@67890', password_new_confirm: 'New@67890' },
      d.identity,
    );
    expect(await isRevoked(b.token)).toBe(true);
    expect(await isRevoked(d.token)).toBe(false);
  });

  it('a logged-out session is not kept for a later password change', async () => {
    const u = await createUser(h, { priority: 2 });
    const a = await h.login(u.username, u.password);
    const b = await h.login(u.username, u.password);
    await h.call(h.clients.session, 'logout', { accessToken: '' }, a.identity);
    const kept = await h.sql<{ jti: string }>('SELECT jti FROM auth.sessions WHERE user_id = $1', [u.id]);
    expect(kept.map((r) => r.jti)).toEqual([b.identity.jti]);
  });

  it('never stores the password in clear', async () => {
    const u = await createUser(h, { priority: 2, password: 'plain-text-pw' });
    const [row] = await h.sql<{ password_hash: string }>('SELECT password_hash FROM auth.users WHERE id = $1', [u.id]);
    expect(row.password_hash).toMatch(/^\$2[aby]\$10\$/);
    expect(row.password_hash).not.toContain('plain-text-pw');
  });
});
