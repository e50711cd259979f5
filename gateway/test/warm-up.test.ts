/**
 * A gateway pod that a rolling update or a drain starts gets requests as soon as it listens (it is
 * Ready then): it connects to the services first, so its first requests do not each wait for name
 * resolution and a connection on top of their own work.
 */
import http2 from 'node:http2';
import { AddressInfo } from 'node:net';
import { startGateway } from '../src/main';

it('connects to the services it routes to before it listens', async () => {
  // stands in for the auth service: an HTTP/2 server is what a gRPC channel connects to
  const service = http2.createServer();
  let connections = 0;
  service.on('session', () => connections++);
  await new Promise<void>((resolve) => service.listen(0, '127.0.0.1', resolve));
  const gw = await startGateway({
    JWT_SECRET: 'warm-up-test-secret-0123456789abcdef',
    PORT: '0',
    REDIS_URL: '',
    LOG_LEVEL: 'error',
    AUTH_GRPC_URL: `127.0.0.1:${(service.address() as AddressInfo).port}`,
  });
  try {
    expect(connections).toBeGreaterThan(0);
  } finally {
    await gw.stop();
    service.close();
  }
}, 30000);
