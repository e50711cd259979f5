import { MSG } from '../domain/messages';
import { AppError, ERROR_TABLE } from '@cskh/kit';
import { Logger } from '@cskh/kit/observability';
import { isDatabaseUnavailable } from '@cskh/kit/data';
import { BusMessage, loadSocketRoutes, SocketRoute, startBatchConsumer } from '@cskh/kit/messaging';
import { ServiceDeps } from '@cskh/kit/service';
import type { LookupConfig } from '../config';
import { events_v1_realtime } from '@cskh/proto';
import type { LookupEngine } from '../handlers/lookup-engine';
import { isLookupKind } from '../domain/kinds';
import { last9 } from '../domain/phone';

const { SocketRequest, SocketReply } = events_v1_realtime;

/** The socket commands lookup declares (service LookupSocketService in lookup.proto): its topics come from there. */
export function lookupSocketRoutes(all: SocketRoute[] = loadSocketRoutes()) {
  const routes = all.filter((r) => r.service === 'cskh.lookup.v1.LookupSocketService');
  if (routes.length === 0) throw new Error('lookup.proto declares no socket command (service LookupSocketService)');
  return {
    routes,
    requestTopics: [...new Set(routes.map((r) => r.requestTopic))],
    replyTopics: [...new Set(routes.map((r) => r.replyTopic))],
  };
}

/**
 * The socket path's worker: a SocketRequest on a lookup request topic → the same lookup as REST
 * (same rules, same log row, idempotent by request id) → a SocketReply on the kind's reply topic,
 * keyed by the asking client, carrying the phone's last 9 digits as the match value. Every request
 * gets exactly one reply per delivery: results, rule violations and carrier failures (timeout,
 * error) all become replies; only an unexpected failure (database down) is retried, and after the
 * last retry it still answers with an error.
 */
export function requestHandler(engine: LookupEngine, routes: SocketRoute[], log: Logger, maxAgeMs = 60000) {
  return async (msg: BusMessage, attempt: { final: boolean }): Promise<BusMessage[]> => {
    let req: events_v1_realtime.SocketRequest;
    try {
      req = SocketRequest.decode(msg.value);
    } catch (err) {
      log.warn({ err, key: msg.key }, 'undecodable lookup request dropped');
      return [];
    }
    // The kind's reply topic; an unknown kind is answered on the reply topic of its request topic.
    const route =
      routes.find((r) => r.requestTopic === msg.topic && r.kind === req.kind) ?? routes.find((r) => r.requestTopic === msg.topic);
    if (!route) {
      log.warn({ topic: msg.topic }, 'lookup request on an undeclared topic dropped');
      return [];
    }
    const base = {
      request_id: req.request_id,
      client_id: req.client_id,
      match: last9(req.params.isdn ?? req.params.phone ?? ''),
      kind: req.kind,
      username: req.username,
    };
    const reply = (r: Partial<events_v1_realtime.SocketReply>): BusMessage[] => [
      {
        topic: route.replyTopic,
        key: req.client_id || req.request_id,
        value: Buffer.from(SocketReply.encode(SocketReply.fromPartial({ ...base, replied_at_ms: Date.now(), ...r })).finish()),
      },
    ];
    if (!isLookupKind(req.kind)) return reply({ ok: false, status: 400, error_code: 'VALIDATION', error_msg: MSG.kindInvalid });
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
      return reply({ ok: true, status: 200, match: out.isdn, result_json: JSON.stringify(out.result) });
    } catch (err) {
      if (err instanceof AppError)
        return reply({ ok: false, status: ERROR_TABLE[err.code].http, error_code: err.code, error_msg: err.msg });
      if (!attempt.final) throw err;
      if (isDatabaseUnavailable(err))
        return reply({ ok: false, status: 503, error_code: 'UNAVAILABLE', error_msg: ERROR_TABLE.UNAVAILABLE.msg });
      log.error({ err, requestId: req.request_id }, 'lookup request failed');
      return reply({ ok: false, status: 500, error_code: 'INTERNAL', error_msg: ERROR_TABLE.INTERNAL.msg });
    }
  };
}

/**
 * Starts the socket path: its topics (as declared in lookup.proto, service LookupSocketService) and the
 * batched Kafka consumer running requestHandler. Returns the consumer (stop() it on shutdown).
 */
export async function startSocketLookups(deps: ServiceDeps<LookupConfig>, engine: LookupEngine) {
  const { config, bus, log } = deps;
  const socket = lookupSocketRoutes();
  await bus.ensureTopics([...socket.requestTopics, ...socket.replyTopics]);
  return startBatchConsumer({
    brokers: config.KAFKA_BROKERS,
    clientId: 'cskh-lookup',
    groupId: config.LOOKUP_CONSUMER_GROUP,
    topics: socket.requestTopics,
    bus,
    log,
    concurrency: config.LOOKUP_CONCURRENCY,
    handler: requestHandler(engine, socket.routes, log, config.LOOKUP_REQUEST_MAX_AGE_MS),
  });
}
