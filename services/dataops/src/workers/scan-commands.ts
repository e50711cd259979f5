import type { DataSource } from 'typeorm';
import { AppError, ERROR_TABLE } from '@cskh/kit';
import { Logger } from '@cskh/kit/observability';
import { BusMessage, EventBus, loadSocketRoutes, pushToUser, SocketRoute } from '@cskh/kit/messaging';
import { isManager } from '@cskh/kit';
import { events_v1_pushes, events_v1_realtime } from '@cskh/proto';
import { MSG } from '../domain/messages';
import { parseScanCommand, ScanKind, startTransition, stopTransition } from '../domain/scan';
import { FileNameError, parseFileName } from '../domain/phone';
import { progressOf, scanFileByName, ScanFileRow, scanFileView, setScanFileState } from '../store/scan-files';

const { SocketRequest, SocketReply } = events_v1_realtime;

/** The socket commands dataops declares (service DataopsSocketService in dataops.proto). */
export function dataopsSocketRoutes(all: SocketRoute[] = loadSocketRoutes()) {
  const routes = all.filter((r) => r.service === 'cskh.dataops.v1.DataopsSocketService');
  if (routes.length === 0) throw new Error('dataops.proto declares no socket command (service DataopsSocketService)');
  return {
    routes,
    requestTopics: [...new Set(routes.map((r) => r.requestTopic))],
    replyTopics: [...new Set(routes.map((r) => r.replyTopic))],
  };
}

export interface Commander {
  username: string;
  priority: number;
}

/** Start and stop may be given by the file's uploader or a manager (head office). */
export function mayCommand(file: Pick<ScanFileRow, 'uploaded_by'>, who: Commander) {
  return isManager(who.priority) || file.uploaded_by === who.username;
}

/**
 * Start or stop one scan file (the socket commands' work, also used by tests and the benchmark):
 * the state change under the file's row lock, then the progress push to the uploader's sockets;
 * a start wakes the local worker.
 */
export async function commandScan(
  deps: { ds: DataSource; bus: EventBus; log: Logger },
  wake: () => void,
  action: 'start' | 'stop',
  kind: ScanKind,
  fileNameRaw: unknown,
  who: Commander,
) {
  let fileName: string;
  try {
    fileName = parseFileName(fileNameRaw);
  } catch (err) {
    if (err instanceof FileNameError) throw new AppError('VALIDATION', err.message);
    throw err;
  }
  const file = await deps.ds.transaction(async (tx) => {
    const f = await scanFileByName(tx, kind, fileName, true);
    if (!f) throw new AppError('NOT_FOUND', MSG.scanFileNotFound);
    if (!mayCommand(f, who)) throw new AppError('FORBIDDEN', MSG.notYourFile);
    const next = action === 'start' ? startTransition(f) : stopTransition(f);
    if (next !== 'running' && next !== 'stopped') throw new AppError('PRECONDITION', next);
    if (f.state === next) return f;
    return setScanFileState(tx, f.id, next);
  });
  if (action === 'start') wake();
  await pushToUser(deps.bus, file.uploaded_by, events_v1_pushes.ScanProgress, progressOf(file), { from: who.username }).catch((err) =>
    deps.log.warn({ err }, 'scan progress push failed'),
  );
  return { ...scanFileView(file), msg: action === 'start' ? MSG.scanStarted : MSG.scanStopRequested };
}

/** SocketRequest on cskh.dataops.scan-requested → commandScan → one SocketReply matched by FileName. */
export function scanCommandHandler(deps: { ds: DataSource; bus: EventBus; log: Logger }, wake: () => void, routes: SocketRoute[]) {
  return async (msg: BusMessage, attempt: { final: boolean }): Promise<BusMessage[]> => {
    let req: events_v1_realtime.SocketRequest;
    try {
      req = SocketRequest.decode(msg.value);
    } catch (err) {
      deps.log.warn({ err }, 'undecodable scan command dropped');
      return [];
    }
    const route =
      routes.find((r) => r.requestTopic === msg.topic && r.kind === req.kind) ?? routes.find((r) => r.requestTopic === msg.topic);
    if (!route) return [];
    const fileName = req.params.FileName ?? '';
    const reply = (r: Partial<events_v1_realtime.SocketReply>): BusMessage[] => [
      {
        topic: route.replyTopic,
        key: req.client_id || req.request_id,
        value: Buffer.from(
          SocketReply.encode(
            SocketReply.fromPartial({
              request_id: req.request_id,
              client_id: req.client_id,
              match: fileName,
              kind: req.kind,
              username: req.username,
              replied_at_ms: Date.now(),
              ...r,
            }),
          ).finish(),
        ),
      },
    ];
    const cmd = parseScanCommand(req.kind);
    if (typeof cmd === 'string') return reply({ ok: false, status: 400, error_code: 'VALIDATION', error_msg: cmd });
    try {
      const out = await commandScan(deps, wake, cmd.action, cmd.scanKind, fileName, { username: req.username, priority: req.priority });
      return reply({ ok: true, status: 200, result_json: JSON.stringify(out) });
    } catch (err) {
      if (err instanceof AppError)
        return reply({ ok: false, status: ERROR_TABLE[err.code].http, error_code: err.code, error_msg: err.msg });
      if (!attempt.final) throw err;
      deps.log.error({ err }, 'scan command failed');
      return reply({ ok: false, status: 500, error_code: 'INTERNAL', error_msg: ERROR_TABLE.INTERNAL.msg });
    }
  };
}
