import type { NextFunction, Request, Response } from 'express';
import helmet, { HelmetOptions } from 'helmet';

/** The gateway's policy: the web app and the API are served from one origin. */
export const HELMET_OPTIONS: HelmetOptions = {
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      // MUI (emotion) injects style tags.
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      connectSrc: ["'self'", 'ws:', 'wss:'],
      fontSrc: ["'self'", 'data:'],
      // Served over plain HTTP on localhost in the embedded run; TLS ends at the ingress.
      upgradeInsecureRequests: null,
    },
  },
};

/**
 * Helmet's headers, worked out once: with these options (no per-request nonce) they never depend on
 * the request, and helmet's twelve middlewares per request cost the gateway about a tenth of its
 * own work on a lookup (CPU profile, load-tests/README.md). Helmet still decides every header and value.
 */
export function securityHeaders(options: HelmetOptions = HELMET_OPTIONS) {
  const headers: Array<[string, string]> = [];
  const recorder = {
    setHeader: (name: string, value: string) => headers.push([name, String(value)]),
    removeHeader: () => undefined,
  };
  helmet(options)({} as Request, recorder as unknown as Response, () => undefined);
  return (_req: Request, res: Response, next: NextFunction) => {
    for (const [name, value] of headers) res.setHeader(name, value);
    next();
  };
}
