import type { NextFunction, Request, Response } from 'express';
import type { RouteDef } from './routes';

/** /api/v1/<service>/…: the path segment (after the leading '') that names the service. */
const KEY_SEGMENT = 3;

export type RouteHandler = (req: Request, res: Response, params: Record<string, string>) => unknown;

interface Entry {
  order: number;
  /** Lower-cased literal, or null for a parameter. */
  segments: Array<string | null>;
  params: Array<[index: number, name: string]>;
  handle: RouteHandler;
}

/**
 * Every declared route behind ONE middleware that finds the route in a table keyed by method,
 * segment count and the service segment (/api/v1/<service>/…), instead of one Express route layer
 * per declared route: Express walks its layers one by one, running a regular expression per layer,
 * so a route declared late cost ~300 matches per request (CPU profile, load-tests/README.md).
 *
 * The match is Express's own for these paths: routes tried in declaration order (the first that
 * matches wins), literal segments case-insensitively, a parameter as any non-empty segment
 * (percent-decoded; a malformed escape is a 400 error), one optional trailing slash, HEAD served
 * by the GET route. A path no route takes goes on (to the 404).
 */
export function routeDispatcher(routes: Array<{ route: RouteDef; handle: RouteHandler }>) {
  const entries = routes.map(({ route, handle }, order) => {
    const raw = route.path.split('/');
    const segments = raw.map((s) => (/^\{\w+\}$/.test(s) ? null : s.toLowerCase()));
    const params: Entry['params'] = [];
    raw.forEach((s, i) => {
      const name = /^\{(\w+)\}$/.exec(s)?.[1];
      if (name) params.push([i, name]);
    });
    return { method: route.method.toUpperCase(), entry: { order, segments, params, handle } as Entry };
  });
  // method|count|key → candidates in declaration order: the routes whose key segment is that
  // literal plus those with a parameter there; method|count|* → the latter alone.
  const table = new Map<string, Entry[]>();
  const groups = new Map<string, { literal: Map<string, Entry[]>; wild: Entry[] }>();
  for (const { method, entry } of entries) {
    const g = `${method}|${entry.segments.length}`;
    let group = groups.get(g);
    if (!group) groups.set(g, (group = { literal: new Map(), wild: [] }));
    const key = entry.segments[KEY_SEGMENT];
    if (key === null || key === undefined) group.wild.push(entry);
    else (group.literal.get(key) ?? (group.literal.set(key, []), group.literal.get(key)!)).push(entry);
  }
  for (const [g, { literal, wild }] of groups) {
    for (const [key, list] of literal)
      table.set(
        `${g}|${key}`,
        [...list, ...wild].sort((a, b) => a.order - b.order),
      );
    table.set(`${g}|*`, wild);
  }

  return (req: Request, res: Response, next: NextFunction) => {
    let path = req.path;
    if (path.length > 1 && path.endsWith('/')) path = path.slice(0, -1);
    const parts = path.split('/');
    const lower = path.toLowerCase().split('/');
    const method = req.method === 'HEAD' ? 'GET' : req.method;
    const g = `${method}|${parts.length}`;
    const candidates = (lower[KEY_SEGMENT] !== undefined && table.get(`${g}|${lower[KEY_SEGMENT]}`)) || table.get(`${g}|*`);
    if (!candidates) return next();
    for (const e of candidates) {
      if (!e.segments.every((s, i) => (s === null ? parts[i] !== '' : s === lower[i]))) continue;
      const params: Record<string, string> = {};
      for (const [i, name] of e.params) {
        try {
          params[name] = decodeURIComponent(parts[i]);
        } catch (err) {
          (err as { status?: number }).status = 400;
          return next(err);
        }
      }
      return e.handle(req, res, params);
    }
    next();
  };
}
