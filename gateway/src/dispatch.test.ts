import express, { Request, Response } from 'express';
import { collectRoutes } from './routes';
import { routeDispatcher } from './dispatch';

const routes = collectRoutes();
const UUID = '7d40bfdd-83e3-4cf4-b3c3-89e106cab6f9';

type Pick = { route: number; params?: Record<string, unknown>; error?: number };

/** Runs a router (Express's own, or one holding the dispatcher) on a bare request: which route took it. */
function run(router: express.Router, method: string, url: string): Promise<Pick> {
  return new Promise((resolve) => {
    const req = { method, url, originalUrl: url, headers: {} } as unknown as Request;
    Object.defineProperty(req, 'path', { get: () => url.split('?')[0] });
    const res = { locals: {}, pick: resolve } as unknown as Response;
    router(req, res, (err?: unknown) => resolve(err ? { route: -1, error: (err as { status?: number }).status } : { route: -1 }));
  });
}

/**
 * The dispatcher picks the route Express's own router picks (one route layer per declared route,
 * as the gateway had it): for a concrete path of every declared route, in upper case, with a
 * trailing slash, with an encoded or a badly encoded parameter, a literal where a parameter is
 * declared, and for HEAD.
 */
describe('route dispatcher', () => {
  const viaExpress = express.Router();
  routes.forEach((r, i) =>
    viaExpress[r.method](r.expressPath, (req, res) =>
      (res as unknown as { pick: (p: Pick) => void }).pick({ route: i, params: { ...req.params } }),
    ),
  );
  const viaTable = express.Router();
  viaTable.use(
    routeDispatcher(
      routes.map((route, i) => ({
        route,
        handle: (_req, res, params) => (res as unknown as { pick: (p: Pick) => void }).pick({ route: i, params }),
      })),
    ),
  );

  it('matches Express for every declared route and its variants', async () => {
    const paths = new Set<string>();
    for (const r of routes) {
      const m = r.method.toUpperCase();
      const concrete = r.path.replace(/\{\w+\}/g, UUID);
      for (const p of [
        concrete,
        concrete.toUpperCase(),
        `${concrete}/`,
        `${concrete}?x=1`,
        r.path.replace(/\{\w+\}/g, 'a%20b'),
        r.path.replace(/\{\w+\}/g, 'count-assign'),
      ])
        paths.add(`${m} ${p}`);
      if (r.pathParams.length) paths.add(`${m} ${r.path.replace(/\{\w+\}/g, '%E0%A4%A')}`);
      if (r.method === 'get') paths.add(`HEAD ${concrete}`);
      paths.add(`PATCH ${concrete}`);
    }
    for (const p of ['GET /api/v1/nothing-here', 'GET /api/v1//balance', 'GET /api', 'GET /', 'GET /api/v1/lookup/balance//']) paths.add(p);
    let compared = 0;
    let routed = 0;
    let refused = 0;
    for (const p of paths) {
      const [method, url] = p.split(' ');
      const want = await run(viaExpress, method, url);
      const got = await run(viaTable, method, url);
      expect({ p, ...got }).toEqual({ p, ...want });
      compared++;
      if (want.route >= 0) routed++;
      if (want.error) refused++;
    }
    expect(compared).toBeGreaterThan(routes.length * 6);
    expect(routed).toBeGreaterThan(routes.length * 5);
    expect(refused).toBeGreaterThan(0);
  }, 60_000);
});
