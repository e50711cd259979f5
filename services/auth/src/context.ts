import type { ServiceDeps } from '@cskh/kit/service';
import type { AuthConfig } from './config';
import { deriveKey } from './domain/secrets';

/** What every handler of the auth service shares, built once per running service (module.context). */
export interface AuthContext {
  deps: ServiceDeps<AuthConfig>;
  /** AES-256-GCM key of the system-account passwords. */
  secretKey: Buffer;
  /** Nudges the outbox relay after a commit that wrote user-changed events. */
  afterCommit(): void;
}

export function authContext(deps: ServiceDeps<AuthConfig>): AuthContext {
  return { deps, secretKey: deriveKey(deps.config.SYSTEM_ACCOUNT_KEY), afterCommit: deps.outbox.afterCommit };
}
