/**
 * The web app as the gateway delivers it (web-app.ts) from the real build (web/dist, which
 * `npm test` builds when stale): the brotli or gzip copy the build made, by Accept-Encoding, with
 * the file's own type; hashed assets cached for a year, the page itself revalidated on each load.
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import http, { IncomingHttpHeaders, Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createLogger } from '@cskh/kit/observability';
import { createRevocationStore } from '@cskh/kit/server';
import { createGateway } from '../src/app';
import { gatewayConfig } from '../src/config';

const dist = resolve(__dirname, '../../web/dist');
const config = gatewayConfig.load({
  JWT_SECRET: 'web-delivery-test-secret-0123',
  LOG_LEVEL: 'silent',
  WEB_DIST: dist,
} as NodeJS.ProcessEnv);
const gw = createGateway({ config, log: createLogger('test', 'silent'), revocations: createRevocationStore(undefined) });

const indexHtml = readFileSync(join(dist, 'index.html'), 'utf8');
/** The entry script index.html loads: the largest file a first visit waits for. */
const entry = /<script type="module" crossorigin src="([^"]+)"/.exec(indexHtml)![1];

let server: Server;
afterAll(() => gw.close());
beforeAll(() => new Promise<void>((ready) => (server = gw.app.listen(0, '127.0.0.1', () => ready()))));
afterAll(() => new Promise((closed) => server.close(closed)));

/** The status, headers and raw bytes on the wire (fetch and supertest would unpack them). */
const get = (path: string, acceptEncoding: string) =>
  new Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }>((done, fail) => {
    const { port } = server.address() as AddressInfo;
    http
      .get({ host: '127.0.0.1', port, path, headers: { 'Accept-Encoding': acceptEncoding } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => done({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
      })
      .on('error', fail);
  });

it('sends a browser the brotli copy of a hashed script, which unpacks to the built file, cached for a year', async () => {
  const res = await get(entry, 'gzip, deflate, br, zstd');
  expect(res.status).toBe(200);
  expect(res.headers['content-encoding']).toBe('br');
  expect(res.headers['content-type']).toBe('text/javascript; charset=utf-8');
  expect(res.headers['vary']).toMatch(/Accept-Encoding/i);
  expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  expect(brotliDecompressSync(res.body).equals(readFileSync(join(dist, entry)))).toBe(true);
  expect(res.body.length).toBeLessThan(readFileSync(join(dist, entry)).length / 2);
});

it('sends gzip to a client without brotli and the plain file to one that takes neither', async () => {
  const gzipped = await get(entry, 'gzip');
  expect(gzipped.headers['content-encoding']).toBe('gzip');
  expect(gunzipSync(gzipped.body).equals(readFileSync(join(dist, entry)))).toBe(true);

  const plain = await get(entry, 'identity');
  expect(plain.headers['content-encoding']).toBeUndefined();
  expect(plain.headers['vary']).toMatch(/Accept-Encoding/i);
  expect(plain.body.equals(readFileSync(join(dist, entry)))).toBe(true);
});

it('has the page and every client route revalidated, so a deploy reaches open browsers on their next load', async () => {
  for (const path of ['/', '/login', '/app/mfy', '/index.html']) {
    const res = await get(path, 'br');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-cache');
    // A page under 1 KiB has no compressed copy (vite.config.ts) and comes as it is.
    const body = res.headers['content-encoding'] === 'br' ? brotliDecompressSync(res.body) : res.body;
    expect(body.toString('utf8')).toBe(indexHtml);
  }
});

it('answers a chunk that is not in the build with 404, not with the page', async () => {
  const res = await get('/assets/Gone-0000000.js', 'br');
  expect(res.status).toBe(404);
  expect(res.headers['content-type']).not.toMatch(/html/);
});
