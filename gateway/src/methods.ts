import type { NextFunction, Request, Response } from 'express';
import type { RouteDef } from './routes';
import { matchesFormat } from './field-rules';

/** /api/v1/<service>/…: the path segment (after the leading '') that names the service. */
const KEY_SEGMENT = 3;

/**
 * 405 and OPTIONS for the declared routes. A path is matched against every declared route the way
 * the document reads it: a literal segment by itself, a parameter only by a value that keeps its
 * rule (an id is a uuid), so `/baodo/count-assign` is the list's count and not the record
 * `{id}` = "count-assign". A method the path does not declare is a 405 with `Allow`; OPTIONS
 * answers `Allow` alone; anything else goes on to the routes (and an unknown path to the 404).
 */
export function allowedMethods(routes: RouteDef[]) {
  const matchers = routes.map((r) => {
    const segments = r.path.split('/').map((seg) => {
      const name = /^\{(\w+)\}$/.exec(seg)?.[1];
      if (!name) return (s: string) => s === seg;
      const format = r.requestFields.find((f) => f.name === name)?.rule?.format;
      return (s: string) => s !== '' && (!format || matchesFormat(format, safeDecode(s)));
    });
    const keySeg = r.path.split('/')[KEY_SEGMENT];
    return { method: r.method.toUpperCase(), segments, key: keySeg === undefined || /^\{\w+\}$/.test(keySeg) ? undefined : keySeg };
  });
  // Indexed by segment count and the service segment (/api/v1/<service>/…): a request is matched
  // against a handful of routes, not all of them (CPU profile: the walk over every declared route
  // was one of the gateway's top costs per request).
  const index = new Map<string, typeof matchers>();
  const bucket = (k: string) => index.get(k) ?? (index.set(k, []), index.get(k)!);
  for (const m of matchers) bucket(m.key === undefined ? `${m.segments.length}|*` : `${m.segments.length}|=${m.key}`).push(m);
  const none: typeof matchers = [];

  /** The methods a path declares (empty: none); a pure function of the path. */
  const declared = (path: string): readonly string[] => {
    const parts = path.split('/');
    const methods = new Set<string>();
    const candidates = [...(index.get(`${parts.length}|=${parts[KEY_SEGMENT]}`) ?? none), ...(index.get(`${parts.length}|*`) ?? none)];
    for (const m of candidates) {
      if (m.segments.length === parts.length && m.segments.every((ok, i) => ok(parts[i]))) methods.add(m.method);
    }
    if (methods.has('GET')) methods.add('HEAD');
    return [...methods].sort();
  };
  // Answers by path, kept: the same few paths (a lookup's, a list's) come again and again, and
  // the walk with its sets and arrays was garbage on every request. Bounded in entries and length.
  const byPath = new Map<string, readonly string[]>();
  const DECLARED_MAX = 10_000;

  return (req: Request, res: Response, next: NextFunction) => {
    const path = req.path;
    if (!path.startsWith('/api/')) return next();
    let methods = byPath.get(path);
    if (!methods) {
      methods = declared(path);
      if (path.length <= 256) {
        if (byPath.size >= DECLARED_MAX) byPath.clear();
        byPath.set(path, methods);
      }
    }
    if (!methods.length) return next();
    const method = req.method.toUpperCase();
    if (methods.includes(method)) return next();
    res.setHeader('Allow', methods.join(', '));
    if (method === 'OPTIONS') return res.status(204).end();
    res.status(405).json({ status: 405, code: 'METHOD_NOT_ALLOWED', msg: `Phương thức ${method} không được hỗ trợ cho địa chỉ này` });
  };
}

function safeDecode(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}
