import { resolve } from 'node:path';
import type { Server } from 'node:http';
import express, { NextFunction, Request, Response } from 'express';
import { createProxyMiddleware } from 'http-proxy-middleware';
import * as grpc from '@grpc/grpc-js';
import type Redis from 'ioredis';
import { AppError, envelopeFor, exportRefusal, fromServiceError, hasAnyPermission, Identity, usernameRefusal } from '@cskh/kit';
import {
  contextFrom,
  httpRequestDuration,
  Logger,
  outcomeTimer,
  SpanKind,
  spanFields,
  startSpan,
  traceHeaders,
  TraceContext,
} from '@cskh/kit/observability';
import { GenericClient, grpcChannelOptions, identityToMetadata, RevocationStore, unaryCall, verifyAccessToken } from '@cskh/kit/server';
import { GatewayConfig, serviceUrl, trustedProxies } from './config';
import { collectRoutes, loadPackageDefinition, RouteDef } from './routes';
import { buildRequest } from './transcode';
import { isStreamedExport, streamExport, unscopedLists } from './export';
import { buildOpenApi } from './openapi';
import { allowedMethods } from './methods';
import { routeDispatcher } from './dispatch';
import { LoginLimiter } from './login-limit';
import { HealthChecker } from './health';
import { webAppRouter } from './web-app';
import { securityHeaders } from './security-headers';

export interface GatewayDeps {
  config: GatewayConfig;
  log: Logger;
  revocations: RevocationStore;
  redis?: Redis;
}

/** The Express app: routes built from the protos, guard per route, envelope, health, web, socket proxy. */
export function createGateway({ config, log, revocations, redis }: GatewayDeps) {
  const def = loadPackageDefinition();
  const routes = collectRoutes(def);
  // A list that does not say whose rows it answers is a leak waiting to happen: refuse to start.
  const unscoped = unscopedLists(routes);
  if (unscoped.length) throw new Error(`list routes without a row_scope: ${unscoped.join(', ')}`);
  const pkg = grpc.loadPackageDefinition(def);
  const clients = new Map<string, GenericClient>();
  const clientFor = (r: RouteDef): GenericClient | undefined => {
    const url = serviceUrl(config, r.service);
    if (!url) return undefined;
    const key = `${r.serviceFullName}@${url}`;
    let c = clients.get(key);
    if (!c) {
      const Ctor = r.serviceFullName
        .split('.')
        .reduce<unknown>((o, k) => (o as Record<string, unknown>)[k], pkg) as grpc.ServiceClientConstructor;
      c = new Ctor(url, grpc.credentials.createInsecure(), grpcChannelOptions) as unknown as GenericClient;
      clients.set(key, c);
    }
    return c;
  };
  const loginLimiter = new LoginLimiter(config, redis);
  const health = new HealthChecker(config, redis);
  const openapi = buildOpenApi(routes);

  const app = express();
  app.disable('x-powered-by');
  // X-Forwarded-For is believed only from the configured proxies (the ingress): reached directly,
  // a client's own header would choose its address per request and dodge the per-address limit.
  app.set('trust proxy', trustedProxies(config.TRUSTED_PROXIES));
  app.use(securityHeaders());

  // No API answer is kept by a browser or a proxy: they carry tokens, customers' numbers and staff
  // data (the login answer included). The web app's static files keep their own caching.
  app.use('/api', (_req, res, next) => {
    res.setHeader('Cache-Control', 'no-store');
    next();
  });

  app.get('/healthz', (_req, res) => res.json({ status: 'ok' }));
  // Readiness of this pod (Redis); a service that is down answers 503 on its own routes only.
  app.get('/readyz', async (_req, res) => {
    const report = await health.readiness();
    res.status(report.ready ? 200 : 503).json(report);
  });
  // Each service as the gateway sees it (gRPC health); for people and monitors, not a probe.
  app.get('/healthz/services', async (_req, res) => {
    const report = await health.servicesReport();
    res.status(report.serving ? 200 : 503).json(report);
  });
  app.get('/api/openapi.json', (_req, res) => res.json(openapi));

  app.use(allowedMethods(routes));
  // A request without a body (a lookup's GET) goes straight on: body-parser would skip it too.
  const json = express.json({ limit: config.BODY_LIMIT });
  app.use('/api', (req, res, next) =>
    req.headers['content-length'] === undefined && req.headers['transfer-encoding'] === undefined ? next() : json(req, res, next),
  );

  const dispatched = routes.map((route) => {
    const method = route.method.toUpperCase();
    const spanName = `${method} ${route.path}`;
    const spanAttributes = { 'http.request.method': method, 'http.route': route.path };
    // By the declared route, not the raw path: one series per route whatever the ids.
    const observe = outcomeTimer(httpRequestDuration, { method, route: route.path }, 'status');
    const isLogin = route.guard.public && route.rpc === 'Login';
    const isLogout = route.service === 'auth' && route.rpc === 'Logout';
    // The trace context is carried by hand (trace: startSpan), not through AsyncLocalStorage: it
    // goes into the upstream call's metadata and into this request's own log lines.
    const handle = async (req: Request, res: Response, trace: TraceContext, logFields: Record<string, string>) => {
      let identity: Identity | undefined;
      try {
        if (!route.guard.public) {
          const who = authenticate(req);
          identity = who instanceof Promise ? await who : who;
        }
        if (identity) authorize(route, identity);
        const message = buildRequest(route, req);
        // The list's declared export ban, before the call (the kit checks it again).
        const exportRefused = identity && exportRefusal(route.rules, identity.priority, message);
        if (exportRefused) throw new AppError('FORBIDDEN', exportRefused);
        const username = isLogin ? String(message.username ?? '') : '';
        if (isLogin) await loginLimiter.check(username, req.ip ?? '');
        const client = clientFor(route);
        if (!client) throw new AppError('UNAVAILABLE', 'Chức năng này chưa được triển khai trên hệ thống');
        const md = identity ? identityMetadata(identity) : new grpc.Metadata();
        const requestId = req.headers['x-request-id'];
        if (requestId) md.set('x-request-id', String(requestId));
        for (const [k, v] of Object.entries(traceHeaders(trace))) md.set(k, v);
        try {
          // A list asked for all rows is streamed, window by window (export.ts).
          if (isStreamedExport(route, message)) {
            const exportLog = log.child(logFields);
            await streamExport(route, message, { client, md, req, res, log: exportLog, timeoutMs: config.UPSTREAM_TIMEOUT_MS });
            return;
          }
          // The one place the upstream call is made.
          // A read is made again after a transport failure (a pod leaving in a rolling update); a write only if never sent.
          const reply = await unaryCall(client, route.rpc, message, md, {
            deadline: Date.now() + config.UPSTREAM_TIMEOUT_MS,
            idempotent: route.method === 'get',
          });
          if (isLogin) await loginLimiter.succeeded(username, req.ip ?? '');
          // Refused from the very next request here, without waiting for the announcement.
          if (isLogout && identity) revocations.forgetCached(identity);
          const body: Record<string, unknown> = { status: route.successStatus, data: reply };
          const msg = (reply as { msg?: unknown })?.msg;
          if (typeof msg === 'string' && msg) body.msg = msg;
          sendJson(res, route.successStatus, body);
        } catch (err) {
          const env = fromServiceError(err);
          if (isLogin && env.status === 401) await loginLimiter.failed(username, req.ip ?? '');
          if (env.status >= 500) log.warn({ ...logFields, err, route: route.path }, 'upstream failed');
          sendJson(res, env.status, env);
        }
      } catch (err) {
        sendError(res, err, log, logFields);
      }
    };
    // One span per request, continuing the caller's trace if it sent a traceparent; its id is
    // answered as X-Trace-Id so that a user's report leads to every log line of the request.
    const traced = async (req: Request, res: Response, params: Record<string, string>) => {
      req.params = params;
      const started = performance.now();
      const { span, context: trace } = startSpan(spanName, {
        kind: SpanKind.SERVER,
        parent: contextFrom(req.headers),
        attributes: spanAttributes,
      });
      res.setHeader('X-Trace-Id', span.spanContext().traceId);
      try {
        await handle(req, res, trace, spanFields(span));
      } finally {
        span.setAttribute('http.response.status_code', res.statusCode);
        span.end();
        observe(String(res.statusCode), started);
      }
    };
    return { route, handle: traced };
  });
  // Every declared route behind one table lookup (dispatch.ts), not 313 Express route layers.
  app.use(routeDispatcher(dispatched));
  app.use('/api', (_req, res) => {
    res.status(404).json(envelopeFor('NOT_FOUND', 'Không tìm thấy API'));
  });

  // The caller's identity as gRPC metadata, built once per identity (verifyAccessToken answers
  // a token's one frozen identity every time; the token is still verified and its revocation
  // checked on every request) and copied per call.
  const identityMd = new WeakMap<Identity, grpc.Metadata>();
  function identityMetadata(id: Identity): grpc.Metadata {
    let md = identityMd.get(id);
    if (!md) identityMd.set(id, (md = identityToMetadata(id, new grpc.Metadata())));
    return md.clone();
  }

  /** The caller of a request; a promise only when this process must ask the revocation store. */
  function authenticate(req: Request): Identity | Promise<Identity> {
    const header = req.headers.authorization ?? '';
    const token = header.startsWith('Bearer ') ? header.slice(7).trim() : undefined;
    const verified = verifyAccessToken(config.JWT_SECRET, token);
    const known = revocations.knownRevoked(verified);
    if (known === false) return verified.identity;
    if (known === true) throw sessionEnded();
    return revocations.isRevoked(verified).then((revoked) => {
      if (revoked) throw sessionEnded();
      return verified.identity;
    });
  }

  // Realtime tier: one origin for the browser.
  let socketProxy: ReturnType<typeof createProxyMiddleware> | undefined;
  if (config.REALTIME_URL) {
    socketProxy = createProxyMiddleware({
      target: config.REALTIME_URL,
      ws: true,
      changeOrigin: false,
      pathFilter: '/socket.io',
      logger: undefined,
      on: { error: (err) => log.warn({ err }, 'socket proxy error') },
    });
    app.use(socketProxy);
  }

  // The built web app, with the SPA fallback for client-side routes.
  const web = webAppRouter(config.WEB_DIST ?? resolve(__dirname, '../../web/dist'));
  if (web) app.use(web);
  else {
    app.get('/', (_req, res) => res.type('text').send('Hệ thống CSKH API gateway. Web app chưa được build (npm run build).'));
  }

  app.use((err: unknown, _req: Request, res: Response, _next: NextFunction) => {
    const e = err as { type?: string; status?: number };
    if (e?.type === 'entity.too.large') return res.status(413).json({ status: 413, code: 'VALIDATION', msg: 'Dữ liệu gửi lên quá lớn' });
    if (e?.type === 'entity.parse.failed') return res.status(400).json(envelopeFor('VALIDATION', 'Dữ liệu JSON không hợp lệ'));
    sendError(res, err, log);
  });

  return {
    app,
    routes,
    /** Wires WebSocket upgrades of /socket.io to the realtime tier. */
    attach(server: Server) {
      if (socketProxy) server.on('upgrade', socketProxy.upgrade);
    },
    async close() {
      for (const c of clients.values()) c.close();
      health.close();
    },
  };
}

const sessionEnded = () => new AppError('UNAUTHORIZED', 'Phiên đăng nhập đã kết thúc, vui lòng đăng nhập lại');

function authorize(route: RouteDef, id: Identity) {
  const barred = usernameRefusal(route.guard.barred, id.username);
  if (barred) throw new AppError('FORBIDDEN', barred);
  if (!hasAnyPermission(id, route.guard.permissions)) throw new AppError('FORBIDDEN');
  if (route.guard.priorityBelow > 0 && !(id.priority < route.guard.priorityBelow)) throw new AppError('FORBIDDEN');
}

/**
 * A JSON answer written directly: Express's res.json() also hashes the body for an ETag (sha1) and
 * checks freshness, which an API answer never uses, and writes headers and body as two buffers.
 */
function sendJson(res: Response, status: number, body: unknown) {
  const text = JSON.stringify(body);
  res.statusCode = status;
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('Content-Length', Buffer.byteLength(text));
  res.end(text);
}

function sendError(res: Response, err: unknown, log: Logger, logFields?: Record<string, string>) {
  if (err instanceof AppError) {
    const env = envelopeFor(err.code, err.msg);
    if (err.code === 'RATE_LIMITED' && (err as AppError & { retryAfter?: number }).retryAfter)
      res.setHeader('Retry-After', String((err as AppError & { retryAfter?: number }).retryAfter));
    res.status(env.status).json(env);
    return;
  }
  log.error({ ...logFields, err }, 'gateway error');
  res.status(500).json(envelopeFor('INTERNAL'));
}
