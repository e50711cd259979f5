/**
 * Carrier simulator: a stand-in for the telecom carrier's lookup APIs (spec 1 §3 "Lookup
 * results"), deterministic per phone, with configurable latency (fixed + jitter) and faults
 * (error rate, timeout rate). Plain node:http so that it is never the bottleneck of a benchmark.
 *
 * API (HTTP Basic auth on every path but /healthz):
 *   GET /api/v1/subscribers/{isdn}/balance
 *   GET /api/v1/subscribers/{isdn}/info?type=MC|MG
 *   GET /api/v1/subscribers/{isdn}/packages?package_code&page
 *   GET /api/v1/subscribers/{isdn}/history
 *   GET /api/v1/subscribers/{isdn}/arpu
 *   GET /api/v1/9279/history?isdn=84xxxxxxxxx&startDate=YYYY-MM-DD&endDate=YYYY-MM-DD
 *   GET /api/v1/999/messages?isdn&direction=I|O&startDate&endDate&page&count
 *   GET /api/v1/9084/registrations?subagent=d1,ga22&phone&seller&startDate&endDate&page&count
 *   POST /api/v1/invite/otp {type, phone, package} → {transIdGetOtp | transactionNo | orderCode}
 *   POST /api/v1/invite/confirm {type, otp, package, phone, transIdGetOtp…} → registration answer
 *   POST /api/v1/invite/register {type, phone, package, command: DK|GIAHAN} → registration answer
 *   GET /__admin/otp/{phone}  the last code sent to the phone (for a person trying the flow)
 *   POST /api/v1/partner/{cong_nap_the|cong_nap_the_1}/topup  the card gateways (src/domain/partner.ts)
 *   GET /__admin/partner/{gateway}/{key}  the top-up made under an idempotency key
 *   GET|PUT /__admin/config   {latencyMs, jitterMs, errorRate, timeoutRate}
 *   GET /__admin/stats        request counters; POST /__admin/reset clears them
 * Answers are the result object itself (200) or {error} with 4xx/5xx.
 */
import { createServer, IncomingMessage, ServerResponse, Server } from 'node:http';
import type { Socket } from 'node:net';
import { last9, VN_OFFSET_MS } from '@cskh/kit';
import * as data from './domain/data';
import { InviteDesk, InviteError } from './domain/invite';
import { PartnerDesk } from './domain/partner';

export interface CarrierSimOptions {
  port?: number;
  host?: string;
  latencyMs?: number;
  jitterMs?: number;
  /** 0..1: share of requests answered with HTTP 500. */
  errorRate?: number;
  /** 0..1: share of requests never answered (held until the client gives up). */
  timeoutRate?: number;
  username?: string;
  password?: string;
  /** Seller codes used to attribute 9084 registrations (our staff usernames). */
  sellers?: string[];
  /** Seed of the fault dice; fixed for reproducible fault runs. */
  faultSeed?: number;
}

export interface CarrierSimHandle {
  port: number;
  url: string;
  server: Server;
  config: Required<Pick<CarrierSimOptions, 'latencyMs' | 'jitterMs' | 'errorRate' | 'timeoutRate'>>;
  stats: Record<string, number>;
  /** The card gateways' top-ups, per idempotency key. */
  partners: PartnerDesk;
  stop(): Promise<void>;
}

/** YYYY-MM-DD or DD/MM/YYYY → epoch ms of 00:00 in Vietnam time. */
export function parseDay(s: string | null | undefined): number | undefined {
  if (!s) return undefined;
  let m = /^(\d{4})-(\d{2})-(\d{2})/.exec(s);
  if (m) return Date.UTC(+m[1], +m[2] - 1, +m[3]) - VN_OFFSET_MS;
  m = /^(\d{2})\/(\d{2})\/(\d{4})/.exec(s);
  if (m) return Date.UTC(+m[3], +m[2] - 1, +m[1]) - VN_OFFSET_MS;
  return undefined;
}

function send(res: ServerResponse, status: number, body: unknown) {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let s = '';
    req.setEncoding('utf8');
    req.on('data', (c) => (s += c));
    req.on('end', () => resolve(s));
    req.on('error', reject);
  });
}

export async function startCarrierSim(opts: CarrierSimOptions = {}): Promise<CarrierSimHandle> {
  const config = {
    latencyMs: opts.latencyMs ?? 0,
    jitterMs: opts.jitterMs ?? 0,
    errorRate: opts.errorRate ?? 0,
    timeoutRate: opts.timeoutRate ?? 0,
  };
  const username = opts.username ?? 'carrier';
  const password = opts.password ?? 'carrier-secret';
  const expectedAuth = `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}`;
  const sellers = opts.sellers?.length ? opts.sellers : ['admin'];
  const stats: Record<string, number> = { requests: 0, errors: 0, timeouts: 0, unauthorized: 0 };
  const invites = new InviteDesk();
  const partners = new PartnerDesk();
  let dice = opts.faultSeed !== undefined ? data.prng(opts.faultSeed) : Math.random;
  const held = new Set<ServerResponse>();
  const sockets = new Set<Socket>();

  const route = (url: URL): unknown | undefined => {
    const q = url.searchParams;
    const sub = /^\/api\/v1\/subscribers\/([^/]+)\/(balance|info|packages|history|arpu)$/.exec(url.pathname);
    if (sub) {
      const isdn = decodeURIComponent(sub[1]);
      if (last9(isdn).length !== 9) throw new HttpError(400, 'Số thuê bao không hợp lệ');
      switch (sub[2]) {
        case 'balance':
          return data.balance(isdn);
        case 'info':
          return data.info(isdn, q.get('type') ?? undefined);
        case 'packages':
          return data.packages(isdn, q.get('package_code') ?? undefined, Number(q.get('page') ?? 1));
        case 'history':
          return data.history(isdn);
        case 'arpu':
          return data.arpu(isdn);
      }
    }
    const range = () => {
      const start = parseDay(q.get('startDate'));
      const end = parseDay(q.get('endDate'));
      if (start === undefined || end === undefined) throw new HttpError(400, 'Thiếu hoặc sai ngày bắt đầu/kết thúc');
      if (end < start) throw new HttpError(400, 'Ngày kết thúc phải sau ngày bắt đầu');
      return { start, end };
    };
    if (url.pathname === '/api/v1/9279/history') {
      const isdn = q.get('isdn') ?? '';
      if (!/^84\d{9}$/.test(isdn)) throw new HttpError(400, 'Số thuê bao phải có dạng 84xxxxxxxxx');
      const { start, end } = range();
      return data.h9279(isdn, start, end);
    }
    if (url.pathname === '/api/v1/999/messages') {
      const isdn = q.get('isdn') ?? '';
      if (last9(isdn).length !== 9) throw new HttpError(400, 'Số thuê bao không hợp lệ');
      const { start, end } = range();
      return data.messages999(isdn, q.get('direction') ?? '', start, end, Number(q.get('page') ?? 1), Number(q.get('count') ?? 20));
    }
    if (url.pathname === '/api/v1/9084/registrations') {
      const { start, end } = range();
      const subagents = (q.get('subagent') ?? '').split(',').filter((s) => (data.CHANNELS_9084 as readonly string[]).includes(s));
      return data.registrations9084(
        {
          subagents,
          phone: q.get('phone') ?? undefined,
          seller: q.get('seller') ?? undefined,
          startMs: start,
          endMs: end,
          page: Number(q.get('page') ?? 1),
          count: Number(q.get('count') ?? 20),
        },
        sellers,
      );
    }
    return undefined;
  };

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://carrier.local');
    if (url.pathname === '/healthz') return send(res, 200, { status: 'ok' });
    if (req.headers.authorization !== expectedAuth) {
      stats.unauthorized++;
      res.setHeader('www-authenticate', 'Basic realm="carrier"');
      return send(res, 401, { error: 'Sai thông tin đăng nhập nhà mạng' });
    }
    if (url.pathname === '/__admin/config') {
      if (req.method === 'PUT' || req.method === 'POST') {
        const body = JSON.parse((await readBody(req)) || '{}') as Partial<typeof config> & { faultSeed?: number };
        for (const k of Object.keys(config) as Array<keyof typeof config>)
          if (typeof body[k] === 'number' && Number.isFinite(body[k])) config[k] = body[k] as number;
        if (typeof body.faultSeed === 'number') dice = data.prng(body.faultSeed);
      }
      return send(res, 200, config);
    }
    if (url.pathname === '/__admin/stats') return send(res, 200, stats);
    if (url.pathname === '/__admin/reset') {
      for (const k of Object.keys(stats)) stats[k] = 0;
      return send(res, 200, stats);
    }
    const adminOtp = /^\/__admin\/otp\/([^/]+)$/.exec(url.pathname);
    if (adminOtp) {
      const sent = invites.lastOtp(decodeURIComponent(adminOtp[1]));
      return sent ? send(res, 200, sent) : send(res, 404, { error: 'Chưa gửi mã OTP nào cho số này' });
    }
    const adminPartner = /^\/__admin\/partner\/([^/]+)\/([^/]+)$/.exec(url.pathname);
    if (adminPartner) {
      const made = partners.find(decodeURIComponent(adminPartner[1]), decodeURIComponent(adminPartner[2]));
      return made ? send(res, 200, made) : send(res, 404, { error: 'Không có giao dịch nào với khóa này' });
    }
    const invite = /^\/api\/v1\/invite\/(otp|confirm|register)$/.exec(url.pathname);
    const partner = /^\/api\/v1\/partner\/([^/]+)\/topup$/.exec(url.pathname);
    if (req.method !== (invite || partner ? 'POST' : 'GET')) return send(res, 405, { error: 'Method not allowed' });
    const body = invite || partner ? parseJson(await readBody(req)) : {};
    stats.requests++;
    const roll = dice();
    if (roll < config.timeoutRate) {
      // Never answered: the client's timeout must fire. Released on stop().
      stats.timeouts++;
      held.add(res);
      res.on('close', () => held.delete(res));
      return;
    }
    const delay = config.latencyMs + (config.jitterMs > 0 ? Math.floor(Math.random() * config.jitterMs) : 0);
    if (delay > 0) await new Promise((r) => setTimeout(r, delay));
    if (roll < config.timeoutRate + config.errorRate) {
      stats.errors++;
      return send(res, 500, { error: 'Hệ thống nhà mạng đang lỗi (giả lập)' });
    }
    if (partner) {
      const reply = partners.topUp(decodeURIComponent(partner[1]), req.headers['idempotency-key'], body);
      if (!reply.hold) return send(res, reply.httpStatus, reply.body);
      // Paid, but the answer never comes: the caller's deadline fires. Released on stop().
      held.add(res);
      res.on('close', () => held.delete(res));
      return;
    }
    if (invite) {
      try {
        const answer =
          invite[1] === 'otp' ? invites.requestOtp(body) : invite[1] === 'confirm' ? invites.confirm(body) : invites.register(body);
        return send(res, 200, answer);
      } catch (err) {
        if (err instanceof InviteError) return send(res, err.status, { error: err.message });
        throw err;
      }
    }
    const answer = route(url);
    if (answer === undefined) return send(res, 404, { error: 'Không tìm thấy API' });
    send(res, 200, answer);
  };

  const server = createServer((req, res) => {
    handle(req, res).catch((err) => {
      if (err instanceof HttpError) send(res, err.status, { error: err.message });
      else send(res, 500, { error: String((err as Error)?.message ?? err) });
    });
  });
  server.keepAliveTimeout = 65000;
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, opts.host ?? '127.0.0.1', () => resolve());
  });
  const port = (server.address() as { port: number }).port;
  return {
    port,
    url: `http://${opts.host && opts.host !== '0.0.0.0' ? opts.host : '127.0.0.1'}:${port}`,
    server,
    config,
    stats,
    partners,
    async stop() {
      for (const r of held) r.destroy();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const s of sockets) s.destroy();
      });
    },
  };
}

/** A JSON object body; anything else is an empty request (the desk answers what is missing). */
function parseJson(text: string): Record<string, unknown> {
  try {
    const v = JSON.parse(text || '{}');
    return v && typeof v === 'object' && !Array.isArray(v) ? v : {};
  } catch {
    return {};
  }
}

class HttpError extends Error {
  constructor(
    readonly status: number,
    msg: string,
  ) {
    super(msg);
  }
}
