import express from 'express';
import { z } from 'zod';
import { defineConfig, env } from '@cskh/kit';
import { routedServices } from './routes';

/**
 * Every gRPC service the gateway routes to, read from the protos (package cskh.<name>.v1 of each
 * service with a REST route) → its address in <NAME>_GRPC_URL. A service added to the protos is
 * configurable here without touching this list; one without a URL answers 503 on its own routes.
 */
export const SERVICE_NAMES: readonly string[] = routedServices();
export const serviceUrlVariable = (service: string) => `${service.toUpperCase()}_GRPC_URL`;

export const gatewayConfig = defineConfig('gateway', {
  LOG_LEVEL: env.logLevel(),
  PORT: env.port(8080),
  JWT_SECRET: env.secret(),
  /** Token revocation and login limits; unset = in memory (embedded run only). */
  REDIS_URL: z.string().optional(),
  ...(Object.fromEntries(SERVICE_NAMES.map((s) => [serviceUrlVariable(s), z.string().optional()])) as Record<
    `${Uppercase<string>}_GRPC_URL`,
    z.ZodOptional<z.ZodString>
  >),
  /** Realtime tier base URL (http://host:port); /socket.io is proxied there. */
  REALTIME_URL: z.string().optional(),
  /** Built web app to serve; unset = web/dist of the monorepo when present. */
  WEB_DIST: z.string().optional(),
  BODY_LIMIT: z.string().default('2mb'),
  /**
   * Failed logins (successes are not counted) in the window: per account from one address, per
   * account from all addresses (then one guess per address), per client address (login-limit.ts).
   */
  LOGIN_MAX_FAILURES_PER_USERNAME: env.int(5),
  LOGIN_MAX_FAILURES_PER_ACCOUNT: env.int(20),
  LOGIN_MAX_FAILURES_PER_IP: env.int(100),
  LOGIN_WINDOW_SECONDS: env.int(900),
  /** Redis key prefix of the login counters (tests give each stack its own). */
  LOGIN_LIMIT_KEY_PREFIX: z.string().default('cskh:login'),
  /**
   * Addresses of the proxies in front (the ingress controller) whose X-Forwarded-For is believed:
   * comma-separated IPs, CIDRs or Express's names (loopback, linklocal, uniquelocal). Empty (the
   * default, the gateway reached directly) = the header is ignored and the peer is the client.
   */
  TRUSTED_PROXIES: z
    .string()
    .default('')
    .refine((v) => isProxyList(v), 'TRUSTED_PROXIES: comma-separated IP addresses, CIDR ranges, loopback, linklocal or uniquelocal'),
  UPSTREAM_TIMEOUT_MS: env.int(30000),
  SHUTDOWN_GRACE_MS: env.int(10000),
});

/** TRUSTED_PROXIES as Express's `trust proxy` setting: the list, or false for none. */
export function trustedProxies(value: string): string[] | false {
  const list = value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  return list.length ? list : false;
}

function isProxyList(value: string): boolean {
  const list = trustedProxies(value);
  if (!list) return true;
  try {
    express().set('trust proxy', list); // proxy-addr compiles it, throwing on a wrong entry
    return true;
  } catch {
    return false;
  }
}

export type GatewayConfig = ReturnType<typeof gatewayConfig.load>;

export const serviceUrl = (config: GatewayConfig, service: string): string | undefined =>
  ((config as Record<string, unknown>)[serviceUrlVariable(service)] as string | undefined) || undefined;
