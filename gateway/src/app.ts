import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Server } from 'node:http';
import express, { NextFunction, Request, Response } from 'express';
import helmet from 'helmet';
import { createProxyMiddleware } from 'http-proxy-middleware';
import * as grpc from '@grpc/grpc-js';
import type Redis from 'ioredis';
import { AppError, barredFromService, envelopeFor, fromServiceError, hasAnyPermission, identityToMetadata, Identity } from '@cskh/kit';
import { contextFrom, httpRequestDuration, Logger, inSpan, SpanKind, traceHeaders } from '@cskh/kit/observability';
import { GenericClient, grpcChannelOptions, RevocationStore, unaryCall, verifyAccessToken } from '@cskh/kit/server';
import { GatewayConfig, serviceUrl } from './config';
import { collectRoutes, loadPackageDefinition, RouteDef } from './routes';
import { buildRequest } from './transcode';
import { streamExport } from './export';
import { buildOpenApi } from './openapi';
import { allowedMethods } from './methods';
import { routeDispatcher } from './dispatch';
import { LoginLimiter } from './login-limit';
import { HealthChecker } from './health';

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
  const pkg = grpc.loadPackageDefinition(def);
  const clients = new Map<string, GenericClient>();
  const clientFor = (r: RouteDef): GenericClient | undefined => {
    const url = serviceUrl(config, r.service);
    if (!url) return undefined;
    const key = `${r.serviceFullName}@${url}`;
    let c = clients.get(key);
    if (!c) {
      const Ctor = r.serviceFullName.split('.').reduce((o: any, k) => o[k], pkg) as grpc.ServiceClientConstructor;
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
  app.set('trust proxy', config.TRUST_PROXY_HOPS);
  app.use(
    helmet({
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
    }),
  );

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

  const api = express.Router();
  api.use(allowedMethods(routes));
  api.use('/api', express.json({ limit: config.BODY_LIMIT }));

  const dispatched = routes.map((route) => {
    const method = route.method.toUpperCase();
    const spanName = `${method} ${route.path}`;
    const spanAttributes = { 'http.request.method': method, 'http.route': route.path };
    const timerLabels = { method, route: route.path };
    const handle = async (req: Request, res: Response) => {
      // By the declared route, not the raw path: one series per route whatever the ids.
      const timer = httpRequestDuration.startTimer(timerLabels);
      res.once('finish', () => timer({ status: String(res.statusCode) }));
      let identity: Identity | undefined;
      try {
        if (!route.guard.public) identity = await authenticate(req);
        if (identity) authorize(route, identity);
        const message = buildRequest(route, req);
        const isLogin = route.guard.public && route.rpc === 'Login';
        const isLogout = route.service === 'auth' && route.rpc === 'Logout';
        const username = isLogin ? String(message.username ?? '') : '';
        if (isLogin) await loginLimiter.check(username, req.ip ?? '');
        const client = clientFor(route);
        if (!client) throw new AppError('UNAVAILABLE', 'Chức năng này chưa được triển khai trên hệ thống');
        const md = identity ? identityMetadata(identity) : new grpc.Metadata();
        md.set('x-request-id', String(req.headers['x-request-id'] ?? ''));
        for (const [k, v] of Object.entries(traceHeaders())) md.set(k, v);
        try {
          // A list asked for all rows is streamed, window by window (export.ts).
          if (await streamExport(route, message, { client, md, req, res, log, timeoutMs: config.UPSTREAM_TIMEOUT_MS })) return;
          // The one place the upstream call is made.
          // A read is made again after a transport failure (a pod leaving in a rolling update); a write only if never sent.
          const reply = await unaryCall(client, route.rpc, message, md, {
            deadline: Date.now() + config.UPSTREAM_TIMEOUT_MS,
            idempotent: route.method === 'get',
          });
          if (isLogin) await loginLimiter.succeeded(username);
          // Refused from the very next request here, without waiting for the announcement.
          if (isLogout && identity) revocations.forgetCached(identity);
          const body: Record<string, unknown> = { status: route.successStatus, data: reply };
          const msg = (reply as { msg?: unknown })?.msg;
          if (typeof msg === 'string' && msg) body.msg = msg;
          sendJson(res, route.successStatus, body);
        } catch (err) {
          const env = fromServiceError(err);
          if (isLogin && env.status === 401) await loginLimiter.failed(username, req.ip ?? '');
          if (env.status >= 500) log.warn({ err, route: route.path }, 'upstream failed');
          sendJson(res, env.status, env);
        }
      } catch (err) {
        sendError(res, err, log);
      }
    };
    // One span per request, continuing the caller's trace if it sent a traceparent; its id is
    // answered as X-Trace-Id so that a user's report leads to every log line of the request.
    const traced = (req: Request, res: Response, params: Record<string, string>) => {
      req.params = params;
      return inSpan(spanName, { kind: SpanKind.SERVER, parent: contextFrom(req.headers), attributes: spanAttributes }, async (span) => {
        res.setHeader('X-Trace-Id', span.spanContext().traceId);
        await handle(req, res);
        span.setAttribute('http.response.status_code', res.statusCode);
      });
    };
    return { route, handle: traced };
  });
  // Every declared route behind one table lookup (dispatch.ts), not 313 Express route layers.
  api.use(routeDispatcher(dispatched));
  app.use(api);
  app.use('/api', (_req, res) => {
    res.status(404).json(envelopeFor('NOT_FOUND', 'Không tìm thấy API'));
  });

  // The caller's identity as gRPC metadata, built once per token (its claims never change; the
  // token is still verified and its revocation checked on every request) and copied per call.
  const identityMd = new Map<string, grpc.Metadata>();
  function identityMetadata(id: Identity): grpc.Metadata {
    if (!id.jti) return identityToMetadata(id, new grpc.Metadata());
    const key = `${id.jti}|${id.userId}`;
    let md = identityMd.get(key);
    if (!md) {
      if (identityMd.size >= 10000) identityMd.clear();
      identityMd.set(key, (md = identityToMetadata(id, new grpc.Metadata())));
    }
    return md.clone();
  }

  async function authenticate(req: Request): Promise<Identity> {
    const header = req.headers.authorization ?? '';
    const token = header.startsWith('Bearer ') ? header.slice(7).trim() : undefined;
    const verified = verifyAccessToken(config.JWT_SECRET, token);
    if (await revocations.isRevoked(verified)) throw new AppError('UNAUTHORIZED', 'Phiên đăng nhập đã kết thúc, vui lòng đăng nhập lại');
    return verified.identity;
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
  const dist = config.WEB_DIST ?? resolve(__dirname, '../../web/dist');
  if (existsSync(join(dist, 'index.html'))) {
    app.use(express.static(dist, { index: false, maxAge: '1h' }));
    app.get('/{*path}', (_req, res) => res.sendFile(join(dist, 'index.html')));
  } else {
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

function authorize(route: RouteDef, id: Identity) {
  const barred = barredFromService(id, route.service);
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

function sendError(res: Response, err: unknown, log: Logger) {
  if (err instanceof AppError) {
    const env = envelopeFor(err.code, err.msg);
    if (err.code === 'RATE_LIMITED' && (err as AppError & { retryAfter?: number }).retryAfter)
      res.setHeader('Retry-After', String((err as AppError & { retryAfter?: number }).retryAfter));
    res.status(env.status).json(env);
    return;
  }
  log.error({ err }, 'gateway error');
  res.status(500).json(envelopeFor('INTERNAL'));
}
