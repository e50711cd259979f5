/**
 * The embedded run's socket path: no Kafka and no Redis — the in-process bus carries requests
 * and replies, Socket.IO runs single-node, de-duplication and limits live in memory.
 */
import { io as connect, Socket } from 'socket.io-client';
import { signAccessToken } from '@cskh/kit/server';
import { runService, RunningService } from '@cskh/kit/service';
import { startCarrierSim, CarrierSimHandle } from '../../carrier-sim/src/main';
import * as sim from '../../carrier-sim/src/domain/data';
import { lookupModule } from '../../lookup/src/module';
import { dropDatabase, testDatabaseUrl } from '../../lookup/test/helpers';
import { startRealtime, RealtimeHandle, ReplyPayload } from '../src/main';

const SECRET = 'embedded-test-secret-0123456789';

describe('realtime tier, embedded (in-process bus, no Redis)', () => {
  const dbUrl = testDatabaseUrl('rt_embedded');
  let carrier: CarrierSimHandle;
  let lookup: RunningService;
  let rt: RealtimeHandle;
  let socket: Socket;

  beforeAll(async () => {
    carrier = await startCarrierSim({ port: 0 });
    lookup = await runService(lookupModule, {
      LOG_LEVEL: 'warn',
      DATABASE_URL: dbUrl,
      GRPC_PORT: '0',
      MIGRATE_ON_START: 'true',
      CARRIER_URL: carrier.url,
      CARRIER_USERNAME: 'carrier',
      CARRIER_PASSWORD: 'carrier-secret',
      INFO_WINDOW: '00:00-24:00',
      INFO_LIMIT_PER_HOUR: '2',
      SHUTDOWN_GRACE_MS: '500',
    });
    rt = await startRealtime({ LOG_LEVEL: 'warn', PORT: '0', HOST: '127.0.0.1', JWT_SECRET: SECRET, SHUTDOWN_GRACE_MS: '500' });
    const t = signAccessToken(SECRET, 600, {
      userId: 'u1',
      username: 'embedded',
      fullname: 'Nhúng',
      roleName: 'x',
      priority: 2,
      brandId: '',
      permissions: ['lookup.info', 'lookup.balance'],
    });
    socket = await new Promise<Socket>((resolve, reject) => {
      const s = connect(`http://127.0.0.1:${rt.port}`, {
        transports: ['websocket'],
        query: { token: t.token, client_id: 'tab-1', host: 'local' },
        reconnection: false,
      });
      s.once('connect', () => resolve(s));
      s.once('connect_error', reject);
    });
  });

  afterAll(async () => {
    socket?.disconnect();
    await rt?.stop();
    await lookup?.stop();
    await carrier?.stop();
    await dropDatabase(dbUrl);
  });

  const ask = (data: object) =>
    new Promise<ReplyPayload>((resolve) => {
      socket.once('traKetQuaThongTinChiTietThueBao', resolve);
      socket.emit('traCuuThongTinChiTietThueBao', { data });
    });

  it('answers over the in-process bus and applies the in-memory limit', async () => {
    expect(await ask({ isdn: '0912345678', phoneType: 'MG' })).toEqual(
      expect.objectContaining({ status: 200, isdn: '912345678', data: sim.info('912345678', 'MG') }),
    );
    expect((await ask({ isdn: '0912345679' })).status).toBe(200);
    expect(await ask({ isdn: '0912345670' })).toEqual(expect.objectContaining({ status: 429, code: 'RATE_LIMITED', data: null }));
  });
});
