import express from 'express';
import helmet from 'helmet';
import request from 'supertest';
import { HELMET_OPTIONS, securityHeaders } from './security-headers';

/** The headers of an answer, without those every Express answer carries. */
async function headersOf(app: express.Express) {
  app.disable('x-powered-by');
  app.get('/x', (_req, res) => res.send('ok'));
  const res = await request(app).get('/x');
  const { date: _date, etag: _etag, connection: _connection, 'content-length': _len, 'content-type': _type, ...rest } = res.headers;
  return rest;
}

describe('the security headers, worked out once', () => {
  it('are exactly those helmet sets on each request with the same options', async () => {
    const perRequest = express();
    perRequest.use(helmet(HELMET_OPTIONS));
    const once = express();
    once.use(securityHeaders());
    const expected = await headersOf(perRequest);
    expect(Object.keys(expected).length).toBeGreaterThanOrEqual(12);
    expect(await headersOf(once)).toEqual(expected);
  });

  it("carry the web app's content policy", async () => {
    const app = express();
    app.use(securityHeaders());
    const headers = await headersOf(app);
    expect(headers['content-security-policy']).toContain("connect-src 'self' ws: wss:");
    expect(headers['x-content-type-options']).toBe('nosniff');
  });
});
