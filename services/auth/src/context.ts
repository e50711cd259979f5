import type { OutboxRelay, ServiceDeps } from '@cskh/kit';
import type { AuthConfig } from './config';
import { deriveKey } from './domain/secrets';

/** What every handler of the auth service shares, built once per running service. */
export interface AuthContext {
  deps: ServiceDeps<AuthConfig>;
  /** AES-256-GCM key of the system-account passwords. */
  secretKey: Buffer;
  /** Set by start(); nudged after every commit that wrote to the outbox. */
  relay?: OutboxRelay;
  afterCommit(): void;
}

const contexts = new WeakMap<object, AuthContext>();

export function authContext(deps: ServiceDeps<AuthConfig>): AuthContext {
  let c = contexts.get(deps);
  if (!c) {
    const ctx: AuthContext = {
      deps,
      secretKey: deriveKey(deps.config.SYSTEM_ACCOUNT_KEY),
      afterCommit() {
        // Fire and forget: the relay's own timer retries, and a slow broker must not slow the answer.
        void ctx.relay?.flush();
      },
    };
    contexts.set(deps, ctx);
    c = ctx;
  }
  return c;
}
