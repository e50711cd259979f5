import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { createDataSource } from '@cskh/kit/data';
import { runService } from '@cskh/kit/service';
import { authModule } from '../src/module';
import { seed } from '../src/workers/seed';
import { SCHEMA } from '../src/store/schema';
import { authMigrations } from '../src/migrations';
import { ALL_CODES } from '../src/domain/catalogue';
import { AuthHarness, authEnv, freshDatabaseUrl, startAuth } from './helpers';

let h: AuthHarness;
beforeAll(async () => {
  h = await startAuth();
});
afterAll(async () => {
  await h?.stop();
});

async function counts() {
  const [row] = await h.sql<Record<string, number>>(`
    SELECT (SELECT count(*)::int FROM auth.permissions) AS permissions,
           (SELECT count(*)::int FROM auth.roles) AS roles,
           (SELECT count(*)::int FROM auth.role_permissions) AS role_permissions,
           (SELECT count(*)::int FROM auth.users) AS users,
           (SELECT count(*)::int FROM auth.users WHERE username = 'admin') AS admins`);
  return row;
}

describe('seed', () => {
  it('seeds the catalogue, six roles and one admin', async () => {
    expect(await counts()).toMatchObject({ permissions: ALL_CODES.length, roles: 6, users: 1, admins: 1 });
  });

  it('is idempotent: running it again and restarting the service change nothing', async () => {
    const before = await counts();
    const ds = createDataSource({ url: h.databaseUrl, schema: SCHEMA, migrations: authMigrations });
    await ds.initialize();
    try {
      const again = await seed(ds, { adminPassword: 'another-password' });
      expect(again).toMatchObject({ rolesCreated: [], adminCreated: false });
      await seed(ds, {});
    } finally {
      await ds.destroy();
    }
    const second = await runService(authModule, { ...h.env, GRPC_PORT: '0' });
    await second.stop();
    expect(await counts()).toEqual(before);
    // The admin password was not reset by the second seed.
    await expect(h.login('admin', 'another-password')).rejects.toBeDefined();
  });

  it('adds a catalogue code that went missing and gives it back to the administrator role', async () => {
    const before = await counts();
    await h.sql(`DELETE FROM auth.permissions WHERE code = 'settings'`);
    const ds = createDataSource({ url: h.databaseUrl, schema: SCHEMA, migrations: authMigrations });
    await ds.initialize();
    try {
      await seed(ds, {});
    } finally {
      await ds.destroy();
    }
    // Back in the catalogue; other roles' grants are the administrators' business and stay as they are.
    expect((await counts()).permissions).toBe(before.permissions);
    const [{ n }] = await h.sql<{ n: number }>(
      `SELECT count(*)::int AS n FROM auth.role_permissions rp JOIN auth.permissions p ON p.id = rp.permission_id
        JOIN auth.roles r ON r.id = rp.role_id WHERE p.code = 'settings' AND r.priority = 1`,
    );
    expect(n).toBe(1);
  });

  it('refuses to start without CSKH_ADMIN_PASSWORD while there is no admin', async () => {
    // The real entry in its own process: it must exit non-zero with a message naming the variable.
    const url = await freshDatabaseUrl('auth_test_noadmin');
    const env = authEnv(url, { GRPC_PORT: '0' });
    delete env.CSKH_ADMIN_PASSWORD;
    const root = path.resolve(__dirname, '..', '..', '..');
    const r = spawnSync(path.join(root, 'node_modules', '.bin', 'tsx'), [path.join(__dirname, '..', 'src', 'main.ts')], {
      cwd: root,
      env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env },
      encoding: 'utf8',
      timeout: 90_000,
    });
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/CSKH_ADMIN_PASSWORD/);
    // Nothing half-done: no admin, and a later start with the variable set succeeds.
    const ok = await runService(authModule, { ...env, CSKH_ADMIN_PASSWORD: 'now-set-123', GRPC_PORT: '0' });
    await ok.stop();
  });
});
