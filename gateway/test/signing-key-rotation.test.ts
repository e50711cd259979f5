/**
 * The JWT signing key rotated without logging anyone out (helm/README.md, "Rotate the JWT signing
 * key"), through the gateway and auth as deployed, restarted with each step's JWT_SECRET as a
 * rolling update would: a session opened under today's single key keeps working once a new key is
 * added and signs, and is refused only when its key is removed; sessions opened after the switch
 * carry the new key's id and keep working.
 */
import { randomBytes } from 'node:crypto';
import { startStack } from '../../scripts/stack';
import { dropDatabase, isolatedStackEnv } from '../../scripts/testing';
import { Api, apiOf } from './staff-fixture';

const OLD = randomBytes(24).toString('hex');
const NEW = randomBytes(24).toString('hex');
const env = isolatedStackEnv('gw_key_rotation', { LOG_LEVEL: 'error', JWT_SECRET: OLD });

afterAll(async () => {
  await dropDatabase(env.DATABASE_URL!);
});

/** The gateway and auth started with `secret` as JWT_SECRET, for `use`, then stopped. */
async function withKeys<T>(secret: string, use: (api: Api) => Promise<T>): Promise<T> {
  const stack = await startStack({ env: { ...env, JWT_SECRET: secret }, only: ['auth'], realtime: false, carrierSim: false });
  try {
    return await use(apiOf(stack.url));
  } finally {
    await stack.stop();
  }
}

const login = async (api: Api) => {
  const r = await api('POST', '/api/v1/auth/login', { body: { username: 'admin', password: env.CSKH_ADMIN_PASSWORD } });
  expect(r.status).toBe(200);
  return r.body.data.access_token as string;
};
/** What a signed-in screen asks first: who am I, and a list only the administrator may read. */
const works = async (api: Api, token: string) => [
  (await api('GET', '/api/v1/auth/me', { token })).status,
  (await api('GET', '/api/v1/users?page=1&count=5', { token })).status,
];
const kidOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[0], 'base64url').toString()).kid;

it('a session opened before the rotation works through every step until the old key is removed', async () => {
  const before = await withKeys(OLD, login);

  // the new key added and made the signing key (the procedure's two rolls, here in one restart)
  const after = await withKeys(`new:${NEW},old:${OLD}`, async (api) => {
    expect(await works(api, before)).toEqual([200, 200]);
    const token = await login(api);
    expect(kidOf(token)).toBe('new');
    expect(await works(api, token)).toEqual([200, 200]);
    return token;
  });

  // the old key removed after the token lifetime: only the sessions it signed end
  await withKeys(`new:${NEW}`, async (api) => {
    expect(await works(api, after)).toEqual([200, 200]);
    const refused = await api('GET', '/api/v1/auth/me', { token: before });
    expect({ status: refused.status, msg: refused.body.msg }).toEqual({ status: 401, msg: 'Token không hợp lệ' });
  });
}, 240_000);
