import { auth_v1_auth } from '@cskh/proto';
import { failure } from '@cskh/kit/testing';
import { AuthHarness, startAuth, uniq } from './helpers';

let h: AuthHarness;
beforeAll(async () => {
  h = await startAuth();
});
afterAll(async () => {
  await h?.stop();
});

const form = (over: Partial<auth_v1_auth.SaveSystemAccountRequest> = {}): auth_v1_auth.SaveSystemAccountRequest => ({
  id: '',
  position: uniq('carrier-'),
  account: 'cskh-api',
  password: 'S3cret-Plain-Text',
  api: 'https://carrier.example/api',
  additional_content: '{"channel":"d1"}',
  ...over,
});
const create = (req: auth_v1_auth.SaveSystemAccountRequest) =>
  h.call<auth_v1_auth.SystemAccount>(h.clients.systemAccounts, 'createSystemAccount', req, h.admin);
const credentials = (position: string) =>
  h.call<auth_v1_auth.SystemAccountCredentials>(h.clients.systemAccounts, 'getCredentials', { position });

describe('system accounts', () => {
  it('never returns the password, only whether one is stored', async () => {
    const created = await create(form());
    expect(created).toMatchObject({ account: 'cskh-api', api: 'https://carrier.example/api', has_password: true });
    const got = await h.call<auth_v1_auth.SystemAccount>(h.clients.systemAccounts, 'getSystemAccount', { id: created.id }, h.admin);
    const list = await h.call<auth_v1_auth.SystemAccountList>(
      h.clients.systemAccounts,
      'listSystemAccounts',
      { page: 1, count: 20, name: '' },
      h.admin,
    );
    for (const shown of [created, got, list]) expect(JSON.stringify(shown)).not.toContain('S3cret-Plain-Text');
  });

  it('stores the password encrypted', async () => {
    const created = await create(form({ password: 'Another-Plain-Secret' }));
    const rows = await h.sql<Record<string, string>>('SELECT * FROM auth.system_accounts WHERE id = $1', [created.id]);
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows[0])).not.toContain('Another-Plain-Secret');
    expect(rows[0].password_enc).toMatch(/^v1\./);
  });

  it('decrypts for GetCredentials, by position', async () => {
    const position = uniq('Mobifone-');
    await create(form({ position, password: 'pw-for-getcred' }));
    expect(await credentials(position.toUpperCase())).toEqual({
      position,
      account: 'cskh-api',
      password: 'pw-for-getcred',
      api: 'https://carrier.example/api',
      additional_content: '{"channel":"d1"}',
    });
    expect((await failure(credentials('no-such-place'))).code).toBe('NOT_FOUND');
  });

  it('keeps the stored password when the update leaves it blank, replaces it otherwise', async () => {
    const position = uniq('keep-');
    const created = await create(form({ position, password: 'first-pw' }));
    await h.call(
      h.clients.systemAccounts,
      'updateSystemAccount',
      form({ id: created.id, position, account: 'renamed', password: '' }),
      h.admin,
    );
    expect(await credentials(position)).toMatchObject({ account: 'renamed', password: 'first-pw' });
    await h.call(
      h.clients.systemAccounts,
      'updateSystemAccount',
      form({ id: created.id, position, account: 'renamed', password: 'second-pw' }),
      h.admin,
    );
    expect((await credentials(position)).password).toBe('second-pw');
  });

  it('requires position, account, password and api', async () => {
    for (const k of ['position', 'account', 'password', 'api'] as const) {
      const e = await failure(create(form({ [k]: '' })));
      expect(e).toMatchObject({ code: 'VALIDATION', msg: 'Có trường bắt buộc chưa được nhập hoặc chưa được chọn' });
    }
  });

  it('filters by position or account and deletes', async () => {
    const tag = uniq('flt');
    const a = await create(form({ position: `${tag}-pos` }));
    const b = await create(form({ account: `${tag}-acc` }));
    const l = await h.call<auth_v1_auth.SystemAccountList>(
      h.clients.systemAccounts,
      'listSystemAccounts',
      { page: 1, count: 20, name: tag },
      h.admin,
    );
    expect(l.values.map((v) => v.id).sort()).toEqual([a.id, b.id].sort());
    expect(l.count).toBe(2);
    await h.call(h.clients.systemAccounts, 'deleteSystemAccount', { id: a.id }, h.admin);
    expect((await failure(h.call(h.clients.systemAccounts, 'getSystemAccount', { id: a.id }, h.admin))).code).toBe('NOT_FOUND');
  });
});
