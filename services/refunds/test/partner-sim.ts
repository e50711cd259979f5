import { createServer, IncomingMessage, Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A card gateway played locally (the partner's side of services/refunds/src/partner.ts): the
 * outcome is decided by the phone's last digit — 1 success, 2 refused (400), 3 no answer on the
 * first attempt (the call hangs past the deadline) then success —, and top-ups are applied once
 * per idempotency key, as a real partner would.
 */
export interface PartnerSim {
  url: string;
  /** Top-ups applied, per idempotency key. */
  applied: Map<string, number>;
  calls: Array<{ key: string; body: Record<string, unknown> }>;
  stop(): Promise<void>;
}

const read = (req: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let s = '';
    req.on('data', (c) => (s += c));
    req.on('end', () => resolve(s));
  });

export async function startPartnerSim(): Promise<PartnerSim> {
  const applied = new Map<string, number>();
  const calls: PartnerSim['calls'] = [];
  const hung = new Set<string>();
  const server: Server = createServer(async (req, res) => {
    const body = JSON.parse((await read(req)) || '{}');
    const key = String(req.headers['idempotency-key'] ?? '');
    calls.push({ key, body });
    const reply = (status: number, json: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(json));
    };
    if (req.url !== '/partner/topup' || !key) return reply(404, { message: 'not found' });
    const last = String(body.phone ?? '').slice(-1);
    if (last === '2') return reply(400, { status: 'REFUSED', code: 17, message: 'Thuê bao không hợp lệ' });
    if (last === '3' && !hung.has(key)) {
      hung.add(key);
      // The top-up happens, but the answer never comes back in time.
      applied.set(key, (applied.get(key) ?? 0) + 1);
      return; // leave the socket open until the caller gives up
    }
    if (!applied.has(key)) applied.set(key, 1);
    reply(200, { status: 'SUCCESS', code: 0, message: `Nạp ${body.amount} thành công` });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}/partner/`,
    applied,
    calls,
    stop: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}
