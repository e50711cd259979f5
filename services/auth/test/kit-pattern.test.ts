/**
 * The kit's handler chain and typed clients, as a caller of a real service sees them: routed RPCs
 * need a caller unless public, internal RPCs do not, and a typed client keeps the callee's code and
 * Vietnamese message.
 */
import { AppError } from '@cskh/kit';
import { startTestService, testIdentity, TestService } from '@cskh/kit/testing';
import { auth_v1_auth } from '@cskh/proto';
import { authModule } from '../src/module';
import { ADMIN_PASSWORD } from './helpers';

let t: TestService;
beforeAll(async () => {
  t = await startTestService(authModule, { env: { CSKH_ADMIN_PASSWORD: ADMIN_PASSWORD } });
});
afterAll(async () => {
  await t?.stop();
});

const refusal = (p: Promise<unknown>) =>
  p.then(
    () => {
      throw new Error('expected a refusal');
    },
    (e) => e as AppError,
  );

it('refuses a browser-facing RPC without a caller, and serves it with one', async () => {
  const users = t.client(auth_v1_auth.UserServiceService);
  const req = auth_v1_auth.ListUsersRequest.fromPartial({ page: 1, count: 5 });
  const e = await refusal(users.listUsers(req));
  expect(e).toBeInstanceOf(AppError);
  expect(e.code).toBe('UNAUTHORIZED');
  const list = await users.listUsers(req, { identity: testIdentity({ priority: 1, permissions: ['user.get'] }) });
  expect(list.values.map((u) => u.username)).toContain('admin');
});

it('lets the public login and internal RPCs through without a caller', async () => {
  const session = t.client(auth_v1_auth.SessionServiceService);
  const reply = await session.login(auth_v1_auth.LoginRequest.fromPartial({ username: 'admin', password: ADMIN_PASSWORD }));
  expect(reply.access_token).not.toBe('');
  // GetCredentials has no REST route: other services call it without a user.
  const accounts = t.client(auth_v1_auth.SystemAccountServiceService);
  const missing = await refusal(accounts.getCredentials(auth_v1_auth.GetCredentialsRequest.fromPartial({ position: 'không-có' })));
  expect(missing.code).toBe('NOT_FOUND');
});

it('keeps the callee’s code and Vietnamese message in typed-client errors', async () => {
  const session = t.client(auth_v1_auth.SessionServiceService);
  const e = await refusal(session.login(auth_v1_auth.LoginRequest.fromPartial({ username: 'admin', password: 'sai-mat-khau' })));
  expect(e.code).toBe('UNAUTHORIZED');
  expect(e.msg).toMatch(/mật khẩu/i);
});
