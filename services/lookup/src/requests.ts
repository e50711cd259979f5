import { AppError, BusMessage, ERROR_TABLE, Logger } from '@cskh/kit';
import { events_v1_lookup } from '@cskh/proto';
import type { LookupEngine } from './lookups';
import { isLookupKind } from './domain/kinds';
import { last9 } from './domain/phone';

const { LookupRequested, LookupReplied } = events_v1_lookup;

/**
 * The socket path's worker: a cskh.lookup.requested event → the same lookup as REST (same
 * rules, same log row, idempotent by request id) → a cskh.lookup.replied event keyed by the
 * asking client. Every request gets exactly one reply per delivery: results, rule violations and
 * carrier failures (timeout, error) all become replies; only an unexpected failure (database
 * down) is retried, and after the last retry it still answers with an error.
 */
export function requestHandler(engine: LookupEngine, replyTopic: string, log: Logger, maxAgeMs = 60000) {
  return async (msg: BusMessage, attempt: { final: boolean }): Promise<BusMessage[]> => {
    let req: events_v1_lookup.LookupRequested;
    try {
      req = LookupRequested.decode(msg.value);
    } catch (err) {
      log.warn({ err, key: msg.key }, 'undecodable lookup request dropped');
      return [];
    }
    const base = {
      request_id: req.request_id,
      client_id: req.client_id,
      isdn: last9(req.params.isdn ?? req.params.phone ?? ''),
      kind: req.kind,
      username: req.username,
    };
    const reply = (r: Partial<events_v1_lookup.LookupReplied>): BusMessage[] => [
      {
        topic: replyTopic,
        key: req.client_id || req.request_id,
        value: Buffer.from(LookupReplied.encode(LookupReplied.fromPartial({ ...base, replied_at_ms: Date.now(), ...r })).finish()),
      },
    ];
    if (!isLookupKind(req.kind)) return reply({ ok: false, status: 400, error_code: 'VALIDATION', error_msg: 'Loại tra cứu không hợp lệ' });
    // A request that waited too long (service down, backlog) is answered without a carrier call:
    // the browser has given up on it already, and nobody should be charged a lookup for it.
    if (maxAgeMs > 0 && req.requested_at_ms > 0 && Date.now() - req.requested_at_ms > maxAgeMs)
      return reply({ ok: false, status: 504, error_code: 'TIMEOUT', error_msg: ERROR_TABLE.TIMEOUT.msg });
    try {
      const out = await engine.run(
        req.kind,
        req.params,
        { username: req.username, fullname: req.fullname, priority: req.priority, permissions: req.permissions },
        { via: 'socket', requestId: req.request_id || undefined },
      );
      return reply({ ok: true, status: 200, isdn: out.isdn, result_json: JSON.stringify(out.result) });
    } catch (err) {
      if (err instanceof AppError) return reply({ ok: false, status: ERROR_TABLE[err.code].http, error_code: err.code, error_msg: err.msg });
      if (!attempt.final) throw err;
      log.error({ err, requestId: req.request_id }, 'lookup request failed');
      return reply({ ok: false, status: 500, error_code: 'INTERNAL', error_msg: ERROR_TABLE.INTERNAL.msg });
    }
  };
}
