import type { Request } from 'express';
import { AppError, PAGING_BOUNDS } from '@cskh/kit';
import type { FieldInfo, ProtoTypes, RouteDef } from './routes';

/**
 * Every request is checked here, once, against the proto types of its fields: a value the
 * service could not take (wrong JSON type, an object where a list belongs, a fraction or an
 * out-of-range integer, NUL or a lone surrogate in a string, an absurdly long string) is the
 * caller's error — 400 with a Vietnamese msg naming the field — never a 500 from protobuf or
 * PostgreSQL further down.
 */

const INT32 = { min: -2147483648, max: 2147483647 };
const UINT32 = { min: 0, max: 4294967295 };
// 64-bit integers reach the services as JS numbers (proto-loader `longs: Number`), so beyond
// 2^53 they would silently lose digits: refuse them instead.
const INT64 = { min: -Number.MAX_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER };
const UINT64 = { min: 0, max: Number.MAX_SAFE_INTEGER };

const INTEGER_RANGES: Record<string, { min: number; max: number }> = {
  TYPE_INT32: INT32, TYPE_SINT32: INT32, TYPE_SFIXED32: INT32,
  TYPE_UINT32: UINT32, TYPE_FIXED32: UINT32,
  TYPE_INT64: INT64, TYPE_SINT64: INT64, TYPE_SFIXED64: INT64,
  TYPE_UINT64: UINT64, TYPE_FIXED64: UINT64,
};
const FLOAT_TYPES = new Set(['TYPE_DOUBLE', 'TYPE_FLOAT']);

/**
 * Longest string a field takes, in UTF-16 units. 500 keeps any text under PostgreSQL's btree
 * entry limit (~2700 bytes) on the indexed columns (username, role name, …); the free-text
 * fields below are not indexed and legitimately longer (the avatar is a small JPEG data URL,
 * a bank SMS may be several SMS long). By field name, because the protos carry no length yet.
 */
export const MAX_STRING_LENGTH = 500;
export const LONG_TEXT_FIELDS: Readonly<Record<string, number>> = {
  avatar: 200_000,
  noi_dung: 5_000,
  additional_content: 5_000,
  str_mes: 5_000,
};
/** Nesting beyond this is not a request our protos describe. */
const MAX_DEPTH = 16;

export const maxLengthOf = (field: FieldInfo) => LONG_TEXT_FIELDS[field.name] ?? MAX_STRING_LENGTH;

/** The integer bounds of a field: its proto type's, narrowed for the paging fields (page, count). */
export function integerRange(field: FieldInfo): { min: number; max: number } | undefined {
  const range = INTEGER_RANGES[field.type];
  if (!range) return undefined;
  const paging = PAGING_BOUNDS[field.name as keyof typeof PAGING_BOUNDS];
  return paging ? { min: Math.max(range.min, paging.min), max: Math.min(range.max, paging.max) } : range;
}

const invalid = (msg: string) => new AppError('VALIDATION', msg);
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Where a value came from: the query string and path give strings; a JSON body gives JSON types. */
type Source = 'text' | 'json';

function checkString(field: FieldInfo, label: string, raw: unknown, source: Source): string {
  let s: string;
  if (typeof raw === 'string') s = raw;
  // The web app sends some identifiers (phone numbers) as JSON numbers; they are the same text.
  else if (source === 'json' && (typeof raw === 'number' || typeof raw === 'boolean')) s = String(raw);
  else throw invalid(`Giá trị của ${label} phải là chuỗi ký tự`);
  if (s.includes('\u0000') || LONE_SURROGATE.test(s)) throw invalid(`Giá trị của ${label} chứa ký tự không hợp lệ`);
  const max = maxLengthOf(field);
  if (s.length > max) throw invalid(`Giá trị của ${label} dài quá ${max} ký tự`);
  return s;
}

function checkNumber(field: FieldInfo, label: string, raw: unknown): number | undefined {
  let n: number;
  if (typeof raw === 'number') n = raw;
  else if (typeof raw === 'string') {
    const t = raw.trim();
    if (t === '') return undefined;
    n = Number(t);
  } else throw invalid(`Giá trị của ${label} phải là số`);
  if (Number.isNaN(n)) throw invalid(`Giá trị của ${label} phải là số`);
  const range = integerRange(field);
  if (range) {
    if (!Number.isInteger(n) || n < range.min || n > range.max)
      throw invalid(`Giá trị của ${label} phải là số nguyên từ ${range.min} đến ${range.max}`);
  } else if (!Number.isFinite(n)) throw invalid(`Giá trị của ${label} phải là số`);
  return n;
}

function checkBool(label: string, raw: unknown): boolean | undefined {
  if (typeof raw === 'boolean') return raw;
  const t = typeof raw === 'string' ? raw.trim().toLowerCase() : typeof raw === 'number' ? String(raw) : undefined;
  if (t === '') return undefined;
  if (t === 'true' || t === '1') return true;
  if (t === 'false' || t === '0') return false;
  throw invalid(`Giá trị của ${label} phải là true hoặc false`);
}

function checkEnum(field: FieldInfo, label: string, raw: unknown, types: ProtoTypes): string | number | undefined {
  const names = types.enums.get(field.typeName ?? '') ?? [];
  if (typeof raw === 'string' && raw.trim() === '') return undefined;
  if (typeof raw === 'string' && names.includes(raw)) return raw;
  const n = typeof raw === 'number' ? raw : typeof raw === 'string' ? Number(raw) : NaN;
  if (Number.isInteger(n) && n >= INT32.min && n <= INT32.max) return n;
  throw invalid(`Giá trị của ${label} phải là một trong: ${names.join(', ')}`);
}

/** A JSON object → a message of the given type: known fields only, each checked. */
function checkMessage(typeName: string | undefined, label: string, raw: unknown, types: ProtoTypes, depth: number) {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) throw invalid(`Giá trị của ${label} phải là một đối tượng`);
  if (depth > MAX_DEPTH) throw invalid(`Giá trị của ${label} lồng nhau quá sâu`);
  const fields = types.messages.get(typeName ?? '') ?? [];
  const out: Record<string, unknown> = {};
  for (const f of fields) {
    const v = (raw as Record<string, unknown>)[f.name];
    const c = checkField(f, `${label}.${f.name}`, v, 'json', types, depth + 1);
    if (c !== undefined) out[f.name] = c;
  }
  return out;
}

/** One value of a field (not the list around a repeated one). */
function checkSingle(field: FieldInfo, label: string, raw: unknown, source: Source, types: ProtoTypes, depth: number): unknown {
  if (field.type === 'TYPE_MESSAGE') return checkMessage(field.typeName, label, raw, types, depth);
  if (field.type === 'TYPE_STRING') return checkString(field, label, raw, source);
  if (field.type === 'TYPE_BOOL') return checkBool(label, raw);
  if (field.type === 'TYPE_ENUM') return checkEnum(field, label, raw, types);
  if (INTEGER_RANGES[field.type] || FLOAT_TYPES.has(field.type)) return checkNumber(field, label, raw);
  // bytes: base64 text, as protobuf's JSON mapping has it.
  if (field.type === 'TYPE_BYTES') return checkString(field, label, raw, source);
  throw invalid(`Giá trị của ${label} không hợp lệ`);
}

/**
 * A field's raw value → the value of the request message; undefined when absent (null, or
 * an empty query value). Lists: a JSON array, or in the query string repeated keys or a
 * comma-separated value.
 */
export function checkField(field: FieldInfo, label: string, raw: unknown, source: Source, types: ProtoTypes, depth = 0): unknown {
  if (raw === undefined || raw === null) return undefined;
  // The query string and the path cannot carry a message: such a name there is ignored.
  if (source === 'text' && field.type === 'TYPE_MESSAGE') return undefined;
  if (field.repeated) {
    let list: unknown[];
    if (Array.isArray(raw)) list = raw;
    else if (source === 'text' && typeof raw === 'string') list = raw.split(',').filter((s) => s !== '');
    else throw invalid(`Giá trị của ${label} phải là một danh sách`);
    return list.map((v, i) => {
      const item = `${label}[${i}]`;
      // An element cannot be absent: null in a list is a wrong type, not an omission.
      if (v === null || v === undefined) throw invalid(`Giá trị của ${item} không được để trống`);
      const c = checkSingle(field, item, v, source, types, depth);
      if (c === undefined) throw invalid(`Giá trị của ${item} không được để trống`);
      return c;
    });
  }
  if (source === 'text') {
    // The query parser gives an array for a repeated key: the last one wins, as browsers expect.
    if (Array.isArray(raw)) raw = raw[raw.length - 1];
    if (typeof raw !== 'string') throw invalid(`Giá trị của ${label} không hợp lệ`);
  }
  return checkSingle(field, label, raw, source, types, depth);
}

/**
 * Path parameters, query string and JSON body → the request message (field names exactly as
 * in the proto), every value checked. Precedence: path over body over query. Unknown names are
 * dropped.
 */
export function buildRequest(route: RouteDef, req: Request): Record<string, unknown> {
  const fields = new Map(route.requestFields.map((f) => [f.name, f]));
  const out: Record<string, unknown> = {};
  const put = (f: FieldInfo, raw: unknown, source: Source) => {
    const c = checkField(f, f.name, raw, source, route.types);
    if (c !== undefined) out[f.name] = c;
  };
  for (const [k, v] of Object.entries(req.query ?? {})) {
    const f = fields.get(k);
    if (f) put(f, v, 'text');
  }
  const body: unknown = req.body;
  if (Array.isArray(body)) {
    const f = route.bodyField ? fields.get(route.bodyField) : undefined;
    if (!f) throw invalid('Dữ liệu gửi lên phải là một đối tượng JSON');
    put(f, body, 'json');
  } else if (body && typeof body === 'object') {
    for (const [k, v] of Object.entries(body)) {
      const f = fields.get(k);
      if (f) put(f, v, 'json');
    }
  }
  for (const p of route.pathParams) {
    const f = fields.get(p);
    const raw = req.params[p];
    if (f && raw !== undefined) put(f, raw, 'text');
  }
  return out;
}
