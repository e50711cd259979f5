/**
 * The carrier's URL and login come from the `carrier` system account (auth's internal
 * GetCredentials), with CARRIER_URL/… as the fallback when auth has no such account or is down.
 */
import { AppError } from '@cskh/kit';
import { createLogger } from '@cskh/kit/observability';
import { adapt, startGrpcServer, GrpcServerHandle } from '@cskh/kit/server';
import { auth_v1_auth } from '@cskh/proto';
import { startCarrierSim, CarrierSimHandle } from '../../carrier-sim/src/main';
import { startTestService } from '@cskh/kit/testing';
import { SystemAccountCredentials } from '../src/clients/carrier-credentials';
import { lookupModule } from '../src/module';
import { CarrierClient } from '../src/clients/carrier-client';

const log = createLogger('test', 'silent');

describe('carrier credentials from the system account', () => {
  let carrier: CarrierSimHandle;
  let auth: GrpcServerHandle;
  let account: auth_v1_auth.SystemAccountCredentials | undefined;
  let asked = 0;
  /** While set, auth answers GetCredentials only once it resolves (an auth pod slow to answer). */
  let authHeld: Promise<void> | undefined;

  beforeAll(async () => {
    carrier = await startCarrierSim({ port: 0, username: 'from-account', password: 'account-secret' });
    const unimplemented = async () => {
      throw new AppError('INTERNAL');
    };
    const handlers = {
      listSystemAccounts: unimplemented,
      getSystemAccount: unimplemented,
      createSystemAccount: unimplemented,
      updateSystemAccount: unimplemented,
      deleteSystemAccount: unimplemented,
      getCredentials: async (req: auth_v1_auth.GetCredentialsRequest) => {
        asked++;
        await authHeld;
        if (!account || req.position !== 'carrier') throw new AppError('NOT_FOUND', 'Không có tài khoản hệ thống');
        return account;
      },
    };
    auth = await startGrpcServer({
      port: 0,
      host: '127.0.0.1',
      services: [[auth_v1_auth.SystemAccountServiceService, adapt(auth_v1_auth.SystemAccountServiceService, handlers as never, log)]],
      log,
    });
  });
  afterAll(async () => {
    await auth?.stop(100);
    await carrier?.stop();
  });

  const source = (fallbackUrl?: string, ttlMs = 60000) =>
    new SystemAccountCredentials({
      authUrl: `127.0.0.1:${auth.port}`,
      position: 'carrier',
      fallback: { url: fallbackUrl, username: 'env-user', password: 'env-pass' },
      ttlMs,
      log,
    });

  it('a starting lookup service has the credentials before it serves: its first lookups do not wait for auth', async () => {
    account = { position: 'carrier', account: 'from-account', password: 'account-secret', api: `${carrier.url}/`, additional_content: '' };
    const before = asked;
    const t = await startTestService(lookupModule, { env: { AUTH_GRPC_URL: `127.0.0.1:${auth.port}`, INFO_WINDOW: '00:00-24:00' } });
    try {
      expect(asked - before).toBe(1);
    } finally {
      await t.stop();
    }
  });

  it('answers expired credentials at once while it asks auth again: no lookup waits for auth', async () => {
    account = { position: 'carrier', account: 'from-account', password: 'account-secret', api: `${carrier.url}/`, additional_content: '' };
    const creds = source(undefined, 1);
    expect((await creds.get()).password).toBe('account-secret');
    await new Promise((r) => setTimeout(r, 5));
    // expired; auth now holds its answer, and it carries a new password
    let release = () => {};
    authHeld = new Promise<void>((r) => (release = r));
    account = { ...account, password: 'rotated' };
    try {
      expect((await creds.get()).password).toBe('account-secret');
    } finally {
      release();
      authHeld = undefined;
    }
    // the answer, once auth gives it, is what the next lookups use
    let latest = '';
    for (let i = 0; i < 200 && latest !== 'rotated'; i++) {
      latest = (await creds.get()).password;
      await new Promise((r) => setTimeout(r, 10));
    }
    expect(latest).toBe('rotated');
    creds.close();
  });

  it('uses the system account when there is one (and caches it)', async () => {
    account = { position: 'carrier', account: 'from-account', password: 'account-secret', api: `${carrier.url}/`, additional_content: '' };
    const creds = source('http://127.0.0.1:1');
    const client = new CarrierClient(creds, 2000, log);
    const before = asked;
    expect(await client.get('/api/v1/subscribers/84912345678/balance')).toEqual(expect.objectContaining({ NUMBER_PHONE: '84912345678' }));
    await client.get('/api/v1/subscribers/84912345678/balance');
    expect(asked - before).toBe(1);
    expect((await creds.get()).source).toBe('system-account');
    creds.close();
  });

  it('falls back to CARRIER_URL when auth has no carrier account', async () => {
    account = undefined;
    const creds = source(carrier.url);
    const c = await creds.get();
    expect(c).toEqual({ url: carrier.url, username: 'env-user', password: 'env-pass', source: 'env' });
    // Wrong fallback login: the carrier refuses, and the panel gets a clear message.
    const client = new CarrierClient(creds, 2000, log);
    await expect(client.get('/api/v1/subscribers/84912345678/balance')).rejects.toThrow('Tài khoản hệ thống nhà mạng không hợp lệ');
    creds.close();
  });

  it('says so when nothing is configured', async () => {
    account = undefined;
    const creds = source(undefined);
    const client = new CarrierClient(creds, 2000, log);
    await expect(client.get('/x')).rejects.toEqual(
      expect.objectContaining({ code: 'UNAVAILABLE', message: 'Chưa cấu hình tài khoản hệ thống nhà mạng' }),
    );
    creds.close();
  });
});
