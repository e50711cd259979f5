import { JSONParser } from '@streamparser/json';
import { ApiError, authHeaders, buildQuery, handleUnauthorized } from '../api/client';

/**
 * The export's "all rows" request, read as it arrives (safe data out).
 *
 * The gateway streams an export window by window (gateway/src/export.ts) as one JSON document,
 * `{"status":200,"data":{"values":[…],"count":N,…}}`. Read with `res.text()` + `JSON.parse`, a
 * million-row answer would be held twice (the text and the objects); here the body is parsed
 * chunk by chunk and each row of `data.values` is handed on as soon as it is complete, so only the
 * rows (and the chunk at hand) are kept.
 *
 * An answer the gateway could not finish is cut before its JSON is closed: a failed read, a
 * document that does not end, or a `count` that differs from the rows received is an error here,
 * never a shorter file.
 */

export const INCOMPLETE_EXPORT = 'Dữ liệu xuất bị gián đoạn, chưa đủ các dòng. Vui lòng xuất lại.';

const incomplete = () => new ApiError(0, 'BAD_EXPORT', INCOMPLETE_EXPORT);

/**
 * Incremental reader of one envelope, over @streamparser/json: the bytes are tokenized as they
 * come (a UTF-8 character split between two chunks included), each row of `data.values` is handed
 * on to `rows` as soon as it is complete, and the envelope itself is built as it is read.
 */
export class ListStreamParser {
  /** The rows of `data.values` received so far, in order. */
  readonly rows: unknown[] = [];
  private doc: unknown;
  private readonly parser = new JSONParser({ paths: ['$.data.values.*', '$'] });

  constructor() {
    this.parser.onValue = ({ value, stack, parent }) => {
      if (stack.length === 0) this.doc = value;
      // '$.data.values.*' also matches the members of an object: only a list holds rows.
      else if (Array.isArray(parent)) this.rows.push(value);
    };
  }

  /** A chunk of the body: bytes as they arrived, or text. */
  push(chunk: Uint8Array | string): void {
    try {
      this.parser.write(chunk);
    } catch {
      // Not JSON, or more after the document ended.
      throw incomplete();
    }
  }

  /** The whole document, rows in `data.values`; an error when it did not end. */
  end(): object {
    try {
      // The parser ends by itself when the document closes; ending it sooner fails when it is cut.
      if (!this.parser.isEnded) this.parser.end();
    } catch {
      throw incomplete();
    }
    // An envelope is an object (or a list): anything else was not a whole answer.
    if (typeof this.doc !== 'object' || this.doc === null) throw incomplete();
    return this.doc;
  }
}

/** The envelope's head as the gateway writes it: what is not of its type is left out. */
interface Envelope {
  status?: number;
  code?: string;
  msg?: string;
}

function envelopeOf(doc: unknown): Envelope {
  if (typeof doc !== 'object' || doc === null) return {};
  const { status, code, msg } = doc as Record<string, unknown>;
  return {
    status: typeof status === 'number' ? status : undefined,
    code: typeof code === 'string' ? code : undefined,
    msg: typeof msg === 'string' ? msg : undefined,
  };
}

/**
 * GET `path` with `query` for every row: the envelope's `data` with `values` holding the rows.
 * Errors as `api.get` gives them (ApiError; a 401 ends the session), plus a cut or short answer.
 */
export async function fetchAllRows(path: string, query: Record<string, unknown>, opts: { signal?: AbortSignal } = {}): Promise<unknown> {
  let res: Response;
  try {
    res = await fetch(path + buildQuery(query), {
      method: 'GET',
      headers: { Accept: 'application/json', ...authHeaders() },
      credentials: 'include',
      signal: opts.signal,
    });
  } catch (e) {
    if ((e as Error)?.name === 'AbortError') throw e;
    throw new ApiError(0, 'NETWORK', 'Không kết nối được máy chủ');
  }
  if (res.status !== 200 || !res.body) {
    // An error envelope: small, read whole.
    let json: Envelope = {};
    try {
      json = envelopeOf(JSON.parse(await res.text()));
    } catch {
      /* not JSON */
    }
    const status = json.status ?? res.status;
    if (status === 401) {
      handleUnauthorized();
      throw new ApiError(401, json.code ?? 'UNAUTHENTICATED', json.msg ?? '');
    }
    throw new ApiError(status, json.code ?? 'ERROR', json.msg ?? '');
  }
  const parser = new ListStreamParser();
  const reader = res.body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      parser.push(value);
    }
  } catch (e) {
    if ((e as Error)?.name === 'AbortError') throw e;
    if (e instanceof ApiError) throw e;
    throw new ApiError(0, 'BAD_EXPORT', INCOMPLETE_EXPORT);
  }
  const doc = parser.end();
  const head = envelopeOf(doc);
  const status = head.status ?? 200;
  if (status !== 200 && status !== 201) throw new ApiError(status, head.code ?? 'ERROR', head.msg ?? '');
  const data: unknown = 'data' in doc ? doc.data : doc;
  // A streamed answer's count is the rows the gateway wrote: anything else is a short answer.
  const page = typeof data === 'object' && data !== null ? (data as { values?: unknown; count?: unknown }) : {};
  if (
    res.headers.get('X-Export-Stream') &&
    Array.isArray(page.values) &&
    typeof page.count === 'number' &&
    page.count !== page.values.length
  )
    throw new ApiError(0, 'BAD_EXPORT', INCOMPLETE_EXPORT);
  return data;
}
