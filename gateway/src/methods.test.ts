import type { Request, Response } from 'express';
import { collectRoutes } from './routes';
import { allowedMethods } from './methods';

const routes = collectRoutes();
const guard = allowedMethods(routes);
const UUID = '7d40bfdd-83e3-4cf4-b3c3-89e106cab6f9';

/** What the middleware does with a request: passes it on, or answers (status, Allow). */
function answer(method: string, path: string) {
  const out: { next: boolean; status?: number; allow?: string } = { next: false };
  const res = {
    setHeader: (_k: string, v: string) => (out.allow = v),
    status: (s: number) => ((out.status = s), res),
    end: () => res,
    json: () => res,
  } as unknown as Response;
  guard({ method, path } as Request, res, () => (out.next = true));
  return out;
}

describe('405 and OPTIONS', () => {
  it('passes declared methods on to the routes, HEAD with GET', () => {
    expect(answer('GET', '/api/v1/users').next).toBe(true);
    expect(answer('PUT', `/api/v1/users/${UUID}`).next).toBe(true);
    expect(answer('HEAD', '/api/v1/auth/me').next).toBe(true);
  });

  it('answers 405 with Allow for a method the path does not declare', () => {
    expect(answer('PATCH', '/api/v1/users')).toEqual({ next: false, status: 405, allow: 'GET, HEAD, POST' });
    expect(answer('TRACE', `/api/v1/users/${UUID}`)).toEqual({ next: false, status: 405, allow: 'DELETE, GET, HEAD, PUT' });
  });

  it('reads a literal segment as itself, not as an {id} that is no uuid', () => {
    // /baodo/count-assign is the count, not the record "count-assign" of PUT/DELETE /baodo/{id}.
    expect(answer('PUT', '/api/v1/baodo/count-assign')).toEqual({ next: false, status: 405, allow: 'GET, HEAD' });
    expect(answer('OPTIONS', '/api/v1/baodo/count-assign')).toEqual({ next: false, status: 204, allow: 'GET, HEAD' });
  });

  it('leaves unknown paths and ids that are no uuid to the routes (404)', () => {
    expect(answer('GET', '/api/v1/nothing-here').next).toBe(true);
    expect(answer('DELETE', '/api/v1/baodo/not-a-uuid').next).toBe(true);
  });

  it('finds the same rule on a path parameter in every route of one path', () => {
    const rules = new Map<string, string>();
    for (const r of routes)
      for (const p of r.pathParams) {
        const key = `${r.path.replace(/\{\w+\}/g, '{}')} ${p}`;
        const format = r.requestFields.find((f) => f.name === p)?.rule?.format ?? '';
        expect(`${key}: ${rules.get(key) ?? format}`).toBe(`${key}: ${format}`);
        rules.set(key, format);
      }
  });
});

describe('indexed by service segment', () => {
  it('answers every declared path exactly as a walk over every route would (OPTIONS: the Allow of all its routes)', () => {
    const sample = (path: string) => path.replace(/\{\w+\}/g, UUID);
    for (const r of routes) {
      const path = sample(r.path);
      const parts = path.split('/');
      const expected = new Set<string>();
      for (const o of routes) {
        const segs = o.path.split('/');
        if (segs.length !== parts.length) continue;
        if (segs.every((s, i) => /^\{\w+\}$/.test(s) || s === parts[i])) expected.add(o.method.toUpperCase());
      }
      // A parameter may carry a format a uuid does not keep (e.g. a phone): then only compare when it matched.
      const got = answer('OPTIONS', path);
      if (got.status === 204) {
        for (const m of got.allow!.split(', ').filter((m) => m !== 'HEAD'))
          expect(`${path} ${m}: ${expected.has(m)}`).toBe(`${path} ${m}: true`);
        expect(`${path}: ${got.allow!.includes(r.method.toUpperCase())}`).toBe(`${path}: true`);
      }
    }
  });
});
