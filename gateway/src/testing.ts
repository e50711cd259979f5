/**
 * What the gateway's unit tests share; the running gateway never loads it: the route table the
 * protos declare, one route of it by verb and path, and a request as Express hands it over.
 */
import type { Request } from 'express';
import { collectRoutes, RouteDef } from './routes';

/** Every route the protos declare. */
export const routes = collectRoutes();

/** The route of this verb and path, as declared (`/api/v1/mfy/{id}`); throws naming it when there is none. */
export function route(method: RouteDef['method'], path: string): RouteDef {
  const r = routes.find((x) => x.method === method && x.path === path);
  if (!r) throw new Error(`no route ${method} ${path}`);
  return r;
}

/** A request with these parts (query, JSON body, path parameters), for buildRequest. */
export const fakeRequest = (parts: { query?: Record<string, unknown>; body?: unknown; params?: Record<string, string> }) =>
  ({ query: parts.query ?? {}, body: parts.body, params: parts.params ?? {} }) as unknown as Request;
