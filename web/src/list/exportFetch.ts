import { ApiError, authHeaders, buildQuery, handleUnauthorized } from '../api/client';

/**
 * The export's "all rows" request, read as it arrives (issue 15, safe data out).
 *
 * The gateway streams an export window by window (gateway/src/export.ts) as one JSON document,
 * `{"status":200,"data":{"values":[…],"count":N,…}}`. Read with `res.text()` + `JSON.parse`, a
 * million-row answer would be held twice (the text and the objects); here the body is decoded
 * chunk by chunk and each row of `data.values` is parsed as soon as it is complete, so only the
 * rows (and the chunk at hand) are kept.
 *
 * An answer the gateway could not finish is cut before its JSON is closed: a failed read, a
 * document that does not end, or a `count` that differs from the rows received is an error here,
 * never a shorter file.
 */

export const INCOMPLETE_EXPORT = 'Dữ liệu xuất bị gián đoạn, chưa đủ các dòng. Vui lòng xuất lại.';

const QUOTE = 34, BACKSLASH = 92, LBRACE = 123, RBRACE = 125, LBRACKET = 91, RBRACKET = 93, COMMA = 44, COLON = 58;
const isSpace = (c: number) => c === 32 || c === 10 || c === 13 || c === 9;

/**
 * Incremental reader of one envelope: the rows of `data.values` are parsed one by one; the rest
 * of the document (status, count, totals) is kept as text and parsed at the end.
 */
export class ListStreamParser {
  readonly rows: unknown[] = [];
  private outer: string[] = [];
  /** Open containers: true = object. */
  private stack: boolean[] = [];
  private keys: string[] = [];
  private expectKey = false;
  private inString = false;
  private escaped = false;
  private keyBuf: string | undefined;
  /** Depth of the values array's elements, while inside it. */
  private valuesDepth = 0;
  private elemParts: string[] | undefined;
  private elemPlain = false;
  private done = false;

  push(text: string): void {
    let outerFrom = this.valuesDepth ? -1 : 0;
    let elemFrom = this.elemParts ? 0 : -1;
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (this.inString) {
        if (this.escaped) this.escaped = false;
        else if (c === BACKSLASH) this.escaped = true;
        else if (c === QUOTE) this.inString = false;
        if (this.keyBuf !== undefined) {
          if (this.inString) this.keyBuf += text[i];
          else {
            this.keys[this.stack.length] = this.keyBuf;
            this.keyBuf = undefined;
          }
        }
        continue;
      }
      if (isSpace(c)) continue;
      if (this.done) throw new ApiError(0, 'BAD_EXPORT', INCOMPLETE_EXPORT);
      // Inside the values array, at its own level: a plain element ends, an element starts, a separator, the end.
      if (this.valuesDepth && this.stack.length === this.valuesDepth) {
        if (this.elemParts && this.elemPlain && (c === COMMA || c === RBRACKET)) {
          this.finishElement(text.slice(elemFrom, i));
          elemFrom = -1;
        }
        if (!this.elemParts) {
          if (c === COMMA) continue;
          if (c === RBRACKET) {
            this.valuesDepth = 0;
            this.stack.pop();
            outerFrom = i;
            continue;
          }
          this.elemParts = [];
          this.elemPlain = c !== LBRACE && c !== LBRACKET;
          elemFrom = i;
        }
      }
      const depth = this.stack.length;
      if (c === QUOTE) {
        this.inString = true;
        if (this.expectKey && !this.elemParts) this.keyBuf = '';
      } else if (c === LBRACE || c === LBRACKET) {
        const isValues =
          c === LBRACKET && depth === 2 && !this.elemParts && this.keys[1] === 'data' && this.keys[2] === 'values' && this.stack[0] && this.stack[1];
        this.stack.push(c === LBRACE);
        this.expectKey = c === LBRACE;
        if (isValues) {
          this.valuesDepth = depth + 1;
          if (outerFrom >= 0) this.outer.push(text.slice(outerFrom, i + 1));
          outerFrom = -1;
        }
      } else if (c === RBRACE || c === RBRACKET) {
        if (!depth) throw new ApiError(0, 'BAD_EXPORT', INCOMPLETE_EXPORT);
        this.stack.pop();
        this.expectKey = false;
        if (this.stack.length === 0) this.done = true;
        // An object or list element ends when it closes back to the array's level.
        if (this.elemParts && !this.elemPlain && this.stack.length === this.valuesDepth) {
          this.finishElement(text.slice(elemFrom, i + 1));
          elemFrom = -1;
        }
      } else if (c === COMMA) {
        this.expectKey = this.stack[depth - 1] === true;
      } else if (c === COLON) {
        this.expectKey = false;
      }
    }
    if (this.elemParts && elemFrom >= 0) this.elemParts.push(text.slice(elemFrom));
    if (outerFrom >= 0 && !this.valuesDepth) this.outer.push(text.slice(outerFrom));
  }

  private finishElement(last: string) {
    const parts = this.elemParts!;
    this.rows.push(JSON.parse(parts.length ? parts.join('') + last : last));
    this.elemParts = undefined;
  }

  /** The whole document, rows in `data.values`; an error when it did not end. */
  end(): any {
    if (!this.done || this.inString || this.elemParts) throw new ApiError(0, 'BAD_EXPORT', INCOMPLETE_EXPORT);
    let doc: any;
    try {
      doc = JSON.parse(this.outer.join(''));
    } catch {
      throw new ApiError(0, 'BAD_EXPORT', INCOMPLETE_EXPORT);
    }
    if (doc?.data && typeof doc.data === 'object' && Array.isArray(doc.data.values)) doc.data.values = this.rows;
    return doc;
  }
}

/**
 * GET `path` with `query` for every row: the envelope's `data` with `values` holding the rows.
 * Errors as `api.get` gives them (ApiError; a 401 ends the session), plus a cut or short answer.
 */
export async function fetchAllRows(path: string, query: Record<string, unknown>, opts: { signal?: AbortSignal } = {}): Promise<any> {
  let res: Response;
  try {
    res = await fetch(path + buildQuery(query), { method: 'GET', headers: { Accept: 'application/json', ...authHeaders() }, credentials: 'include', signal: opts.signal });
  } catch (e) {
    if ((e as Error)?.name === 'AbortError') throw e;
    throw new ApiError(0, 'NETWORK', 'Không kết nối được máy chủ');
  }
  if (res.status !== 200 || !res.body) {
    // An error envelope: small, read whole.
    let json: any = null;
    try {
      json = JSON.parse(await res.text());
    } catch {
      /* not JSON */
    }
    const status = typeof json?.status === 'number' ? json.status : res.status;
    if (status === 401) {
      handleUnauthorized();
      throw new ApiError(401, json?.code ?? 'UNAUTHENTICATED', json?.msg ?? '');
    }
    throw new ApiError(status, json?.code ?? 'ERROR', json?.msg ?? '');
  }
  const parser = new ListStreamParser();
  const decoder = new TextDecoder();
  const reader = res.body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      parser.push(decoder.decode(value, { stream: true }));
    }
    parser.push(decoder.decode());
  } catch (e) {
    if ((e as Error)?.name === 'AbortError') throw e;
    if (e instanceof ApiError) throw e;
    throw new ApiError(0, 'BAD_EXPORT', INCOMPLETE_EXPORT);
  }
  const doc = parser.end();
  const status = typeof doc?.status === 'number' ? doc.status : 200;
  if (status !== 200 && status !== 201) throw new ApiError(status, doc?.code ?? 'ERROR', doc?.msg ?? '');
  const data = doc && 'data' in doc ? doc.data : doc;
  // A streamed answer's count is the rows the gateway wrote: anything else is a short answer.
  if (res.headers.get('X-Export-Stream') && Array.isArray(data?.values) && typeof data.count === 'number' && data.count !== data.values.length)
    throw new ApiError(0, 'BAD_EXPORT', INCOMPLETE_EXPORT);
  return data;
}
