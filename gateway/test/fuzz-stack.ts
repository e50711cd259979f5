/**
 * The stack the fuzz test runs, started by hand for a schemathesis session of your own:
 *   source <infra env>; npx tsx gateway/test/fuzz-stack.ts
 * prints the gateway URL and an admin token, and runs until interrupted.
 */
import { randomBytes } from 'node:crypto';
import { startStack } from '../../scripts/stack';
import { isolatedStackEnv } from '../../scripts/testing';

async function main() {
  const stack = await startStack({
    realtime: false,
    port: Number(process.env.PORT ?? 0) || undefined,
    env: isolatedStackEnv('gw_fuzz', {
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'error',
      LOGIN_LIMIT_KEY_PREFIX: `test:fuzz:${randomBytes(4).toString('hex')}`,
    }),
  });
  const res = await fetch(`${stack.url}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: stack.env.CSKH_ADMIN_PASSWORD }),
  });
  const token = ((await res.json()) as { data: { access_token: string } }).data.access_token;
  process.stdout.write(`URL=${stack.url}\nTOKEN=${token}\n`);
  const stop = () => void stack.stop().then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}
void main();
