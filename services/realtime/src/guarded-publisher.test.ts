import Redis from 'ioredis';
import { createLogger } from '@cskh/kit/observability';
import { guardedPublisher } from './server';

describe('the socket adapter publisher', () => {
  // A client whose commands fail at once, as they do once Redis has been gone for a while.
  const dead = new Redis('redis://127.0.0.1:1', {
    lazyConnect: true,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  afterAll(() => dead.disconnect());

  it('turns a failed PUBLISH into a logged 0 instead of a rejection nobody handles', async () => {
    await expect(dead.publish('c', 'm')).rejects.toThrow();
    const pub = guardedPublisher(dead, createLogger('test', 'silent'));
    await expect(pub.publish('c', 'm')).resolves.toBe(0);
  });

  it('passes everything else through to the client', () => {
    const pub = guardedPublisher(dead, createLogger('test', 'silent'));
    expect(pub.options.maxRetriesPerRequest).toBe(0);
    expect(pub.status).toBe(dead.status);
    expect(typeof pub.duplicate).toBe('function');
  });
});
