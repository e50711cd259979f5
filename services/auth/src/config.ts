import { z } from 'zod';
import { defineConfig, env, serviceShape } from '@cskh/kit';

/** Configuration of the auth service (validated at start; see @cskh/kit defineConfig). */
export const authConfig = defineConfig('auth', {
  ...serviceShape,
  /** HS256 key of the access tokens; the gateway and the realtime tier verify with the same key. */
  JWT_SECRET: env.secret(),
  /** Access-token lifetime (default 12 hours). Also how long a user-wide revocation is kept. */
  JWT_TTL_SECONDS: env.int(43200),
  /** Key material for the AES-256-GCM encryption of system-account passwords at rest. */
  SYSTEM_ACCOUNT_KEY: env.secret(),
  /** Password of the seeded `admin` account; required only while that account does not exist. */
  CSKH_ADMIN_PASSWORD: z.string().min(6).optional(),
});

export type AuthConfig = ReturnType<typeof authConfig.load>;
