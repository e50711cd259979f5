import type { Request } from 'express';
import { AppError, PAGING_BOUNDS, TEXT_LIMITS } from '@cskh/kit';
import type { FieldInfo, ProtoTypes, RouteDef } from './routes';
import { AMOUNT_NUMBERS, BIDI_CHARS, FORMATS, INVISIBLE_CHARS, matchesFormat, orderKey } from './field-rules';

/**
 * Every request is checked here, once, against the proto types of its fields: a value the
 * service could not take (wrong JSON type, an object where a list belongs, a fraction or an
 * out-of-range integer, NUL or a lone surrogate in a string, an absurdly long string) is the
 * caller's error — 400 with a Vietnamese msg naming the field — never a 500 from protobuf or
 * PostgreSQL further down. Every text is passed on in Unicode NFC; names and file names refuse
 * bidirectional controls and values of invisible characters only.
 */

const INT32 = { min: -2147483648, max: 2147483647 };
const UINT32 = { min: 0, max: 4294967295 };
// 64-bit integers reach the services as JS numbers (proto-loader `longs: Number`), so beyond
// 2^53 they would silently lose digits: refuse them instead.
const INT64 = { min: -Number.MAX_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER };
const UINT64 = { min: 0, max: Number.MAX_SAFE_INTEGER };

const INTEGER_RANGES: Record<string, { min: number; max: number }> = {
  TYPE_INT32: INT32,
  TYPE_SINT32: INT32,
  TYPE_SFIXED32: INT32,
  TYPE_UINT32: UINT32,
  TYPE_FIXED32: UINT32,
  TYPE_INT64: INT64,
  TYPE_SINT64: INT64,
  TYPE_SFIXED64: INT64,
  TYPE_UINT64: UINT64,
  TYPE_FIXED64: UINT64,
};
const FLOAT_TYPES = new Set(['TYPE_DOUBLE', 'TYPE_FLOAT']);

/**
 * Longest string a field takes, in UTF-16 units of its NFC form (Vietnamese typed on a Mac arrives
 * decomposed, up to twice as long, and the services store it composed). 500 keeps any text under
 * PostgreSQL's btree entry limit (~2700 bytes) on the indexed columns (username, role name, …).
 * The kinds of text below are not btree-indexed and are longer in real use; they are named here,
 * once for every route that has them, and a field's own (cskh.api.field) max_len still wins.
 * gateway/src/field-lengths.test.ts sends each kind a value staff and the product really produce.
 */
export const MAX_STRING_LENGTH = TEXT_LIMITS.short;
export const LONG_TEXT_FIELDS: Readonly<Record<string, number>> = {
  avatar: TEXT_LIMITS.avatar,
  noi_dung: TEXT_LIMITS.content,
  additional_content: TEXT_LIMITS.content,
  str_mes: TEXT_LIMITS.content,
  note: TEXT_LIMITS.note,
  description: TEXT_LIMITS.note,
  ly_do: TEXT_LIMITS.note,
  other_reason: TEXT_LIMITS.note,
  accessToken: TEXT_LIMITS.token,
  file_name: TEXT_LIMITS.fileName,
  FileName: TEXT_LIMITS.fileName,
  FileNames: TEXT_LIMITS.fileName,
  ten_file_upload: TEXT_LIMITS.fileName,
  files: TEXT_LIMITS.fileName,
};
/** Nesting beyond this is not a request our protos describe. */
const MAX_DEPTH = 16;

export const maxLengthOf = (field: FieldInfo) => field.rule?.max_len ?? LONG_TEXT_FIELDS[field.name] ?? MAX_STRING_LENGTH;

/** A list request's page size: `count` in the query string (a body's `count` is a quantity, e.g. customers to assign). */
export const isPageCount = (field: FieldInfo, source: 'text' | 'json') => source === 'text' && field.name === 'count';

/**
 * The integer bounds of a field: its proto type's, narrowed for the paging fields (page, count)
 * and by its (cskh.api.field) min/max.
 */
export function integerRange(field: FieldInfo): { min: number; max: number } | undefined {
  const range = INTEGER_RANGES[field.type];
  if (!range) return undefined;
  const paging = PAGING_BOUNDS[field.name as keyof typeof PAGING_BOUNDS];
  let { min, max } = paging ? { min: Math.max(range.min, paging.min), max: Math.min(range.max, paging.max) } : range;
  if (field.rule?.min !== undefined) min = Math.max(min, Math.ceil(field.rule.min));
  if (field.rule?.max !== undefined) max = Math.min(max, Math.floor(field.rule.max));
  return { min, max };
}

/**
 * A JSON number sent for a text field is read as its text (Excel imports send numeric cells so),
 * unless the field has a format or a list of values: those take text only, but for an amount's,
 * which takes a whole number within its bounds (AMOUNT_NUMBERS).
 */
export const takesNumberAsText = (field: FieldInfo) =>
  (!field.rule?.format && !field.rule?.one_of?.length && !field.rule?.min_len && maxLengthOf(field) >= 25) ||
  amountNumbers(field) !== undefined;

/** The bounds of a whole number an amount field takes, or undefined for a field that is not one. */
export const amountNumbers = (field: FieldInfo) => (field.rule?.format ? AMOUNT_NUMBERS[field.rule.format] : undefined);

const invalid = (msg: string) => new AppError('VALIDATION', msg);
/** A required field left blank: its own message (the spec's words) when it has one, else ours. */
const missing = (field: FieldInfo, msg: string) => invalid(field.rule?.msg || msg);
/** A value that breaks the field's format, bounds, values or lengths: the service's words when declared, else ours. */
const broken = (field: FieldInfo, msg: string) => invalid(field.rule?.invalid_msg || msg);
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Where a value came from: the query string and path give strings; a JSON body gives JSON types. */
type Source = 'text' | 'json';

function checkString(field: FieldInfo, label: string, raw: unknown, source: Source): string {
  let s: string;
  if (typeof raw === 'string') s = raw;
  else if (source === 'json' && typeof raw === 'number' && takesNumberAsText(field)) {
    const bounds = amountNumbers(field);
    // String(1.5) is '1.5', which an amount would read as 15: a fraction is refused as a number.
    if (bounds && !(Number.isInteger(raw) && raw >= bounds.minimum && raw <= bounds.maximum))
      throw broken(field, `Giá trị của ${label} phải là ${FORMATS[field.rule!.format!].says}`);
    s = String(raw);
  } else throw invalid(`Giá trị của ${label} phải là chuỗi ký tự`);
  if (s.includes('\u0000') || LONE_SURROGATE.test(s)) throw invalid(`Giá trị của ${label} chứa ký tự không hợp lệ`);
  // Every text reaches the services in Unicode NFC, whatever the keyboard sent (Vietnamese typed
  // on a Mac arrives decomposed and would be stored so, unequal to the same word typed elsewhere).
  if (field.type === 'TYPE_STRING') s = s.normalize('NFC');
  const max = maxLengthOf(field);
  if (s.length > max) throw broken(field, `Giá trị của ${label} dài quá ${max} ký tự`);
  if (isNameOrFileName(field)) checkNameText(label, s);
  const rule = field.rule;
  // '' is the absent value of a text field: only `required` speaks about it.
  if (!rule || s === '') return s;
  if (rule.min_len && s.length < rule.min_len) throw broken(field, `Giá trị của ${label} phải có ít nhất ${rule.min_len} ký tự`);
  if (rule.format && !matchesFormat(rule.format, s)) throw broken(field, `Giá trị của ${label} phải là ${FORMATS[rule.format].says}`);
  if (rule.one_of?.length && !rule.one_of.includes(s))
    throw broken(field, `Giá trị của ${label} phải là một trong: ${rule.one_of.join(', ')}`);
  return s;
}

/**
 * Names and file names (a person's, a role's, a package's, an uploaded file's): what is shown to
 * other staff as the name of something. Matched by the field's name, once for every route.
 */
export const isNameOrFileName = (field: FieldInfo) =>
  field.type === 'TYPE_STRING' && /name|^ten_|_ten$|^files$|^error_file$/i.test(field.name);
/** Bidirectional embeddings, overrides (U+202A–U+202E) and isolates (U+2066–U+2069): 'SP \u202egnp.exe' shows as 'SP exe.png'. */
const BIDI_CONTROL = new RegExp(`[${BIDI_CHARS}]`);
const INVISIBLE = new RegExp(`[${INVISIBLE_CHARS}]`);
const INVISIBLE_OR_SPACE = new RegExp(`^[\\s${INVISIBLE_CHARS}]*$`);

/** A name may not reorder how it is shown, nor be made of nothing visible (plain spaces stay blank, as before). */
export function checkNameText(label: string, s: string) {
  if (BIDI_CONTROL.test(s))
    throw invalid(
      `Giá trị của ${label} chứa ký tự đảo chiều hiển thị (U+202A–U+202E, U+2066–U+2069): hãy nhập lại tên chỉ gồm chữ, số và dấu thông thường`,
    );
  if (INVISIBLE.test(s) && INVISIBLE_OR_SPACE.test(s))
    throw invalid(`Giá trị của ${label} chỉ gồm ký tự vô hình hoặc khoảng trắng: hãy nhập một tên nhìn thấy được`);
}

/** A number as query text: plain decimal, or with an exponent as float fields print. */
const NUMBER_TEXT = /^-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?$/;
/**
 * The texts a JSON string may hold for a numeric field (the web's selects and inputs send their
 * values so), spelt out exactly so that the OpenAPI document says the same: a field's values or a
 * short range as a list; otherwise plain digits few enough to stay inside the field's range.
 * Undefined when only a JSON number will do.
 */
export function numberTextForm(field: FieldInfo): { enum: string[] } | { pattern: string } | undefined {
  const rule = field.rule ?? {};
  if (rule.one_of?.length) return { enum: rule.one_of };
  const type = INTEGER_RANGES[field.type];
  if (type) {
    const own = integerRange(field)!;
    if (own.max - own.min <= 1000) return { enum: Array.from({ length: own.max - own.min + 1 }, (_, i) => String(own.min + i)) };
    // Digits short of the type's own limit, so that every such text is in range.
    const digits = Math.min(15, String(type.max).length - 1);
    const sign = own.min < 0 ? '-?' : '';
    if (own.min === type.min && own.max === type.max) return { pattern: `^${sign}[0-9]{1,${digits}}$` };
    if (own.min === 0 && own.max >= 10 ** digits - 1) return { pattern: `^[0-9]{1,${digits}}$` };
    if (own.min === 1 && own.max >= 10 ** digits - 1) return { pattern: `^0*[1-9][0-9]{0,${digits - 1}}$` };
    return undefined;
  }
  if (rule.max !== undefined) return undefined;
  if (rule.min === undefined) return { pattern: '^-?[0-9]{1,15}(?:\\.[0-9]{1,15})?$' };
  if (rule.min === 0) return { pattern: '^[0-9]{1,15}(?:\\.[0-9]{1,15})?$' };
  return undefined;
}

function numberTextAllowed(field: FieldInfo, text: string): boolean {
  const form = numberTextForm(field);
  if (!form) return false;
  return 'enum' in form ? form.enum.includes(text) : new RegExp(form.pattern).test(text);
}

function checkNumber(field: FieldInfo, label: string, raw: unknown, source: Source): number | undefined {
  let n: number;
  if (typeof raw === 'number') n = raw;
  else if (typeof raw === 'string') {
    // In JSON '' is the absent value. In the query a number is written or left out: `page=` is
    // refused as the document says (a number), not read as absent — our browser omits what it
    // does not send.
    if (raw === '') {
      if (source === 'text') throw broken(field, `Giá trị của ${label} phải là số`);
      return undefined;
    }
    const ok = source === 'text' ? NUMBER_TEXT.test(raw) : numberTextAllowed(field, raw);
    if (!ok) throw broken(field, `Giá trị của ${label} phải là số`);
    n = Number(raw);
  } else throw broken(field, `Giá trị của ${label} phải là số`);
  if (Number.isNaN(n)) throw broken(field, `Giá trị của ${label} phải là số`);
  const range = integerRange(field);
  if (range) {
    if (!Number.isInteger(n) || n < range.min || n > range.max)
      throw broken(field, `Giá trị của ${label} phải là số nguyên từ ${range.min} đến ${range.max}`);
  } else {
    if (!Number.isFinite(n)) throw broken(field, `Giá trị của ${label} phải là số`);
    const { min, max } = field.rule ?? {};
    if ((min !== undefined && n < min) || (max !== undefined && n > max))
      throw broken(field, `Giá trị của ${label} phải từ ${min ?? '…'} đến ${max ?? '…'}`);
  }
  if (field.rule?.one_of?.length && !field.rule.one_of.includes(String(n)))
    throw broken(field, `Giá trị của ${label} phải là một trong: ${field.rule.one_of.join(', ')}`);
  return n;
}

/** Booleans as JSON true/false, or as text (query, selects): true/false/1/0; '' is absent. */
export const BOOLEAN_TEXTS = ['true', 'false', '1', '0'];
function checkBool(label: string, raw: unknown): boolean | undefined {
  if (typeof raw === 'boolean') return raw;
  if (raw === '') return undefined;
  const t = typeof raw === 'string' ? raw : raw === 0 || raw === 1 ? String(raw) : undefined;
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
  checkMessageRules(fields, out, `${label}.`);
  return out;
}

const isBlank = (v: unknown) => v === undefined || (typeof v === 'string' && v.trim() === '') || (Array.isArray(v) && v.length === 0);

/** The rules across a message's fields: required ones present, `not_before` pairs in order. */
function checkMessageRules(fields: FieldInfo[], message: Record<string, unknown>, prefix = '') {
  for (const f of fields) {
    const rule = f.rule;
    if (!rule) continue;
    const v = message[f.name];
    if (rule.required && isBlank(v)) throw missing(f, `Giá trị của ${prefix}${f.name} không được để trống`);
    const other = rule.not_before ? fields.find((x) => x.name === rule.not_before) : undefined;
    const w = other ? message[other.name] : undefined;
    if (other && !isBlank(v) && !isBlank(w) && orderKey(rule.format, String(v)) < orderKey(other.rule?.format, String(w)))
      throw invalid(`Giá trị của ${prefix}${f.name} không được trước ${prefix}${other.name}`);
  }
}

/** A map field: a JSON object, each key checked as the map's key type and each value as its value type. */
function checkMap(map: NonNullable<FieldInfo['map']>, label: string, raw: unknown, types: ProtoTypes, depth: number) {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) throw invalid(`Giá trị của ${label} phải là một đối tượng`);
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(raw)) {
    const item = `${label}.${k.slice(0, 50)}`;
    checkSingle(map.key, `khoá ${item}`, k, 'text', types, depth);
    if (v === null || v === undefined) throw invalid(`Giá trị của ${item} không được để trống`);
    const c = checkSingle(map.value, item, v, 'json', types, depth + 1);
    if (c === undefined) throw invalid(`Giá trị của ${item} không được để trống`);
    out[k] = c;
  }
  return out;
}

/** One value of a field (not the list around a repeated one). */
function checkSingle(field: FieldInfo, label: string, raw: unknown, source: Source, types: ProtoTypes, depth: number): unknown {
  if (field.type === 'TYPE_MESSAGE') return checkMessage(field.typeName, label, raw, types, depth);
  if (field.type === 'TYPE_STRING') return checkString(field, label, raw, source);
  if (field.type === 'TYPE_BOOL') return checkBool(label, raw);
  if (field.type === 'TYPE_ENUM') return checkEnum(field, label, raw, types);
  if (INTEGER_RANGES[field.type] || FLOAT_TYPES.has(field.type)) return checkNumber(field, label, raw, source);
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
  if (field.map) return checkMap(field.map, label, raw, types, depth);
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
    // The query parser gives an array for a repeated key: one value only, as the document says.
    if (Array.isArray(raw)) throw invalid(`Giá trị của ${label} chỉ được gửi một lần`);
    if (typeof raw !== 'string') throw invalid(`Giá trị của ${label} không hợp lệ`);
  }
  return checkSingle(field, label, raw, source, types, depth);
}

/** A route's fields by name, built once per route (not per request). */
const fieldMapCache = new WeakMap<RouteDef, { fields: Map<string, FieldInfo>; pathFields: Map<string, FieldInfo> }>();
function fieldMaps(route: RouteDef) {
  let m = fieldMapCache.get(route);
  if (!m) {
    // Path parameters come from the path alone: the same name in the query or body is not read.
    const fields = new Map(route.requestFields.filter((f) => !route.pathParams.includes(f.name)).map((f) => [f.name, f]));
    const pathFields = new Map(route.requestFields.map((f) => [f.name, f]));
    fieldMapCache.set(route, (m = { fields, pathFields }));
  }
  return m;
}

/**
 * Path parameters, query string and JSON body → the request message (field names exactly as
 * in the proto), every value checked. Precedence: body over query; path parameters from the path only. Unknown names are
 * dropped, and so are the fields the route fixes (option `set`), which take the route's values.
 */
export function buildRequest(route: RouteDef, req: Request): Record<string, unknown> {
  const { fields, pathFields } = fieldMaps(route);
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
    // A list route (an import's rows, an assignment's items) takes the list as the body and its
    // other fields in the query string, as the web sends them.
    if (route.bodyField) throw invalid('Dữ liệu gửi lên phải là một danh sách JSON');
    for (const [k, v] of Object.entries(body)) {
      const f = fields.get(k);
      if (f) put(f, v, 'json');
    }
  }
  for (const p of route.pathParams) {
    const f = pathFields.get(p);
    const raw = req.params[p];
    try {
      if (f && raw !== undefined) put(f, raw, 'text');
    } catch (e) {
      // A path that breaks its parameter's rule names no resource.
      if (e instanceof AppError && e.code === 'VALIDATION') throw new AppError('NOT_FOUND');
      throw e;
    }
  }
  checkMessageRules(route.requestFields, out);
  // The route's own values (option `set`, e.g. which order list) last: a caller cannot choose them.
  return { ...out, ...route.fixed };
}
