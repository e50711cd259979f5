/**
 * Two nodes in `npm run test:k8s` (production shape, where components run 2+ replicas): the chart's
 * topology spread puts each such component on both nodes, and a node drained for maintenance under
 * the k6 lookup load and socket lookups loses nothing: its pods come back on the other node while the
 * PodDisruptionBudgets keep one of each serving, then the node is uncordoned.
 */
import type { IncomingMessage } from 'node:http';
import { io as ioClient, Socket } from 'socket.io-client';
import { base, kc, kcAsync, phoneFor, RELEASE, runAsync, sleep, until } from './harness';
import { SLOWEST_ALLOWED_MS, underLoad } from './day-two';
import type { Timeline } from './timeline';

type Placement = { component: string; pod: string; node: string };

/**
 * The release's running pods (not terminating) and their nodes. Asked without blocking: the drain's
 * socket clients run in this process, and a synchronous kubectl (a second or more on a busy
 * machine) held their replies, which then counted as slow lookups.
 */
async function placements(ns: string): Promise<Placement[]> {
  return (await kcAsync(`-n ${ns} get pods -l app.kubernetes.io/instance=${RELEASE} --field-selector=status.phase=Running -o jsonpath='{range .items[*]}{.metadata.labels.app\\.kubernetes\\.io/component} {.metadata.name} {.spec.nodeName} {.metadata.deletionTimestamp}{"\\n"}{end}'`))
    .split('\n').map((l) => l.trim().split(' ')).filter((f) => f.length === 3).map(([component, pod, node]) => ({ component, pod, node }));
}

/** Nodes not cordoned (a filter on the absent `unschedulable` field matches none: filtered here). */
const schedulableNodes = () => kc(`get nodes -o jsonpath='{range .items[*]}{.metadata.name}={.spec.unschedulable} {end}'`)
  .split(' ').filter((n) => n && !n.endsWith('=true')).map((n) => n.split('=')[0]);

/** Deployments of the release with 2+ replicas wanted: name → replicas. */
async function multiReplica(ns: string) {
  return (await kcAsync(`-n ${ns} get deploy -l app.kubernetes.io/instance=${RELEASE} -o jsonpath='{range .items[*]}{.metadata.name}={.spec.replicas}={.status.readyReplicas} {end}'`))
    .split(' ').filter(Boolean).map((d) => d.split('=')).filter(([, want]) => Number(want) > 1)
    .map(([name, want, ready]) => ({ component: name.slice(RELEASE.length + 1), want: Number(want), ready: Number(ready || 0) }));
}

export function spreadStep(ns: string) {
  return {
    name: 'each component of 2+ replicas on both nodes (kubectl get pods -o wide)',
    run: async () => {
      const nodes = schedulableNodes();
      if (nodes.length < 2) throw new Error(`expected 2 schedulable nodes, found ${nodes.join(', ') || 'none'}`);
      const components = await multiReplica(ns);
      const onOneNode = async () => {
        const pods = await placements(ns);
        return components.filter((c) => new Set(pods.filter((p) => p.component === c.component).map((p) => p.node)).size < 2).map((c) => c.component);
      };
      // an HPA's second replica may still be starting
      await until('every multi-replica component on both nodes', 60, async () => !(await onOneNode()).length, 2000).catch(async () => {
        throw new Error(`on one node only: ${(await onOneNode()).join(', ')}`);
      });
      return `${components.length} components, each on ${nodes.join(' and ')}`;
    },
  };
}

type SocketLookup = { socket: number; sentAt: number; ackAt?: number; answeredAt?: number; status?: number; sends: number; sentVia: string; answeredVia?: string };

/**
 * The replica holding a socket: the realtime tier names itself in its handshake's answer (header
 * x-realtime-replica, passed on by the gateway's proxy). socket.io-client keeps that answer to
 * itself, so each connection attempt's WebSocket is watched for its upgrade response.
 */
function watchReplica(socket: Socket, onReplica: (name: string) => void) {
  type Engine = { transport?: { ws?: { once?: (event: 'upgrade', listener: (res: IncomingMessage) => void) => void } } };
  const manager = socket.io as unknown as { open: (fn?: (err?: Error) => void) => unknown; engine?: Engine };
  const open = manager.open.bind(manager);
  manager.open = (fn) => {
    const opened = open(fn);
    manager.engine?.transport?.ws?.once?.('upgrade', (res) => onReplica(String(res.headers['x-realtime-replica'] ?? 'unnamed')));
    return opened;
  };
}

/**
 * Socket lookups through the gateway, as the browser makes them, while a node drains: a socket the
 * drain closes reconnects and sends again what it had in flight (each request keeps its id, as the
 * web client's resend does). Counts the replies; `stop` waits for the last ones and lays every
 * lookup over 1 s into the step's timeline: the replica that held its socket when it was sent and
 * when it was answered, when the tier accepted it (published to Kafka), how often it was sent.
 */
function socketLookups(token: string, timeline: Timeline, sockets = 2, everyMs = 250) {
  const lookups = new Map<string, SocketLookup>();
  let reconnects = 0;
  const clients = Array.from({ length: sockets }, (_, s) => {
    const clientId = `k8s-drain-${s}-${Date.now()}`;
    const socket = ioClient(base(), {
      transports: ['websocket'], auth: { host: 'test-k8s', token, client_id: clientId }, reconnectionDelay: 100, reconnectionDelayMax: 500, timeout: 5000, autoConnect: false,
    });
    let replica = '?';
    watchReplica(socket, (name) => (replica = name));
    const inFlight = new Map<string, object>();
    const send = (requestId: string, payload: object) => {
      const l = lookups.get(requestId)!;
      l.sends++;
      socket.emit('traCuuSoDuTaiKhoanChinh', payload, () => (l.ackAt ??= Date.now()));
    };
    let connectedBefore = false;
    socket.on('connect', () => {
      if (connectedBefore) {
        reconnects++;
        for (const [requestId, payload] of inFlight) send(requestId, payload);
      }
      connectedBefore = true;
    });
    // a server that closes the socket itself is not reconnected to by socket.io: the browser's client does it
    socket.on('disconnect', (reason) => { if (reason === 'io server disconnect') socket.connect(); });
    socket.on('traKetQuaSoDuTaiKhoanChinh', (payload: { requestId?: string; status?: number; data?: { requestId?: string } } | null) => {
      const id = payload?.requestId ?? payload?.data?.requestId;
      if (!id || !inFlight.delete(id)) return;
      const l = lookups.get(id)!;
      l.answeredAt = Date.now();
      l.answeredVia = replica;
      l.status = payload?.status;
    });
    socket.connect();
    let n = 0;
    const timer = setInterval(() => {
      if (!socket.connected) return; // the screen waits for its socket
      const requestId = `${clientId}-${n}`;
      const payload = { host: 'test-k8s', token, client_id: clientId, data: { isdn: phoneFor(s * 100000 + n), requestId } };
      n++;
      inFlight.set(requestId, payload);
      lookups.set(requestId, { socket: s, sentAt: Date.now(), sends: 0, sentVia: replica });
      send(requestId, payload);
    }, everyMs);
    return { socket, inFlight, timer };
  });
  const unanswered = () => clients.reduce((a, c) => a + c.inFlight.size, 0);
  return async () => {
    for (const c of clients) clearInterval(c.timer);
    const end = Date.now() + 30000;
    while (unanswered() && Date.now() < end) await sleep(200);
    for (const c of clients) c.socket.close();
    const answered = [...lookups.values()].filter((l) => l.answeredAt !== undefined);
    const ms = (l: SocketLookup) => l.answeredAt! - l.sentAt;
    for (const l of answered.filter((a) => ms(a) > 1000)) {
      const accepted = l.ackAt ? `accepted after ${l.ackAt - l.sentAt} ms` : 'never accepted';
      const moved = l.answeredVia === l.sentVia ? '' : `, answered via ${l.answeredVia}`;
      timeline.note(l.sentAt, `>>> socket lookup on socket ${l.socket} via ${l.sentVia} starts (it will take ${ms(l)} ms)`);
      timeline.note(l.answeredAt!, `<<< socket lookup on socket ${l.socket} ends after ${ms(l)} ms: ${accepted}, sent ${l.sends} time(s)${moved}`);
    }
    const slowest = answered.reduce<SocketLookup | undefined>((a, l) => (!a || ms(l) > ms(a) ? l : a), undefined);
    // when and where, to lay beside the step's timeline (timeline.ts)
    const where = slowest
      ? `sent ${new Date(slowest.sentAt).toISOString().slice(11, 23)} via ${slowest.sentVia}${slowest.answeredVia === slowest.sentVia ? '' : `, answered via ${slowest.answeredVia}`}, ${slowest.ackAt ? `accepted after ${slowest.ackAt - slowest.sentAt} ms` : 'never accepted'}, sent ${slowest.sends} time(s)`
      : '-';
    // an error reply (the tier's TIMEOUT or UNAVAILABLE, the service's failure) is a failed lookup
    const failed = answered.filter((l) => l.status !== 200).map((l) => l.status);
    return { sent: lookups.size, lost: unanswered(), failed, slowest: slowest ? ms(slowest) : 0, over1s: answered.filter((l) => ms(l) > 1000).length, where, reconnects };
  };
}

/**
 * `kubectl drain` of the node holding a gateway pod and a realtime pod under load: 0 failed REST
 * lookups, 0 lost socket replies (a lookup slower than SLOWEST_ALLOWED_MS is reported, as in the roll
 * rows), the node's pods Ready again on the other node, then `kubectl uncordon`.
 */
export function drainStep(ns: string, token: string) {
  return {
    name: 'node drained under load (REST and socket), its pods back on the other node, uncordoned',
    run: async () => {
      const before = await placements(ns);
      // not the node of the carrier simulator: one replica standing in for the carrier outside the
      // cluster (draining it failed 35 lookups with 503/504 while it moved)
      const node = schedulableNodes().find(
        (n) => ['gateway', 'realtime'].every((c) => before.some((p) => p.component === c && p.node === n)) && !before.some((p) => p.component === 'carrier-sim' && p.node === n),
      );
      if (!node) throw new Error(`no node holds both a gateway and a realtime pod without the carrier simulator: ${before.map((p) => `${p.pod}@${p.node}`).join(' ')}`);
      const moved = before.filter((p) => p.node === node).length;
      let sockets: Awaited<ReturnType<ReturnType<typeof socketLookups>>> | undefined;
      try {
        const { value: secs, load } = await underLoad(ns, `drain-${ns}`, [token], async (timeline) => {
          const stopSockets = socketLookups(token, timeline);
          const t0 = Date.now();
          try {
            await runAsync(`kubectl drain ${node} --ignore-daemonsets --delete-emptydir-data --timeout=300s`);
            await until('every Deployment ready again, none of its pods on the drained node', 300, async () =>
              (await multiReplica(ns)).every((d) => d.ready >= d.want) && !(await placements(ns)).some((p) => p.node === node), 1000);
            return ((Date.now() - t0) / 1000).toFixed(0);
          } finally {
            sockets = await stopSockets();
          }
        });
        const s = sockets!;
        const socketLoad = `${s.sent} socket lookups on 2 sockets (${s.reconnects} reconnects), ${s.lost} lost, ${s.failed.length} failed, ${s.over1s} over 1 s, slowest ${s.slowest} ms (${s.where})${s.slowest > SLOWEST_ALLOWED_MS ? ` (over the ${SLOWEST_ALLOWED_MS / 1000}-s target)` : ''}`;
        if (s.lost) throw new Error(`${s.lost} socket lookups never answered: ${socketLoad}`);
        if (s.failed.length) throw new Error(`${s.failed.length} socket lookups answered with an error (status ${[...new Set(s.failed)].join(', ')}): ${socketLoad}`);
        return `${node} drained: its ${moved} pods Ready on the other node in ${secs} s; ${load}; ${socketLoad}`;
      } finally {
        kc(`uncordon ${node}`);
      }
    },
  };
}
