/**
 * One typed call per REST route, made by the generated client (api/gen/routes.ts, written from the
 * protos' route options by `npm run gen`): the verb and the path come from the proto, the request
 * and reply types from its RPC. A call sends its path parameters in the path, a GET's other fields
 * in the query string, a write's in the JSON body (a list route's list as the body itself and its
 * other fields in the query string), exactly as the gateway reads them (gateway/src/transcode.ts).
 */
import { buildQuery, request, type RequestOptions } from './client';

export type Method = 'get' | 'post' | 'put' | 'delete';

/** A proto3 message as sent: any field may be left out, the server reads it as its default. */
export type DeepPartial<T> = T extends (infer U)[] ? DeepPartial<U>[] : T extends object ? { [K in keyof T]?: DeepPartial<T[K]> } : T;

/** What a call carries: its path parameters, and any other field of the request (the server's defaults for the rest). */
export type RouteInput<Req, P extends string> = DeepPartial<Req> & { [K in P]: K extends keyof Req ? Req[K] : string };

export type CallOptions = Pick<RequestOptions, 'skipUnauthorizedHandler' | 'signal'>;

type Args<Req, P extends string> = [P] extends [never] ? [req?: DeepPartial<Req>] : [req: RouteInput<Req, P>];

export interface Route<Req, Reply, P extends string = never> {
  (...args: [...Args<Req, P>, opts?: CallOptions]): Promise<Reply>;
  readonly method: Method;
  /** As declared, e.g. /api/v1/users/{id}. */
  readonly path: string;
  /** The URL of this request: path parameters filled in, a GET's other fields as its query string. */
  url(...args: Args<Req, P>): string;
  /**
   * The same call with a request built at run time by a generic screen part (a list's filters, an
   * import's sheet rows): its fields are the server's to check, not the compiler's.
   */
  send(req: Record<string, unknown>, opts?: CallOptions): Promise<Reply>;
}

function split(path: string, req: Record<string, unknown>) {
  const rest: Record<string, unknown> = { ...req };
  const filled = path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = rest[name];
    delete rest[name];
    if (value === undefined || value === null || value === '') throw new Error(`${path}: ${name} missing`);
    return encodeURIComponent(String(value));
  });
  return { filled, rest };
}

export function route<Req, Reply, P extends string = never>(method: Method, path: string, bodyField?: string): Route<Req, Reply, P> {
  const send = (req: Record<string, unknown> = {}, opts: CallOptions = {}): Promise<Reply> => {
    const { filled, rest } = split(path, req);
    if (method === 'get') return request<Reply>('GET', filled, { ...opts, query: rest });
    if (bodyField) {
      const { [bodyField]: body, ...query } = rest;
      return request<Reply>(method.toUpperCase(), filled, { ...opts, query, body: body ?? [] });
    }
    return request<Reply>(method.toUpperCase(), filled, { ...opts, body: rest });
  };
  const call = (req?: Record<string, unknown>, opts?: CallOptions) => send(req, opts);
  const url = (req: Record<string, unknown> = {}) => {
    const { filled, rest } = split(path, req);
    return method === 'get' ? filled + buildQuery(rest) : filled;
  };
  return Object.assign(call, { method, path, url, send }) as unknown as Route<Req, Reply, P>;
}
