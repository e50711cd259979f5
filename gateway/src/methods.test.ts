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
