import { ERROR_TABLE, ErrorCode, MAX_PAGE_SIZE } from '@cskh/kit';
import type { FieldInfo, ProtoTypes, RouteDef } from './routes';
import { FORMATS, INVISIBLE_CHARS, JS_SPACE, NAME_BARRED } from './field-rules';
import {
  amountNumbers,
  BOOLEAN_TEXTS,
  integerRange,
  isNameOrFileName,
  isPageCount,
  maxLengthOf,
  numberTextForm,
  takesNumberAsText,
} from './transcode';

/**
 * OpenAPI 3 document of the whole REST surface, generated from the same proto options the gateway
 * routes and checks by, so that it states exactly what the server does:
 *
 * - requests: each field's type as the gateway reads it (a JSON number for a text field, a
 *   number's text, null for absent), its bounds and its (cskh.api.field) rule — required, lengths,
 *   format, values, order (`x-not-before`, which JSON Schema cannot say);
 * - answers: the `{status, data}` envelope with the reply message's schema (every field present,
 *   as the gateway sends defaults), the error envelope `{status, code, msg}` for every status a
 *   route can answer;
 * - links from each creation to the operations on the record it created (`data.id`), for a
 *   fuzzer's stateful phase.
 */
export function buildOpenApi(routes: RouteDef[]) {
  const paths: Record<string, Record<string, unknown>> = {};
  const schemas: Record<string, unknown> = {};
  const types: ProtoTypes = routes[0]?.types ?? { messages: new Map(), enums: new Map() };
  const named = (prefix: string, make: (fields: FieldInfo[]) => Record<string, unknown>) => (typeName: string | undefined) => {
    const name = `${prefix}${typeName ?? 'Unknown'}`;
    if (!(name in schemas)) {
      schemas[name] = {}; // placeholder first: a message may refer to itself
      schemas[name] = make(types.messages.get(typeName ?? '') ?? []);
    }
    return { $ref: `#/components/schemas/${name}` };
  };
  const input: Ref = named('in.', (fields) => inputMessageSchema(fields, types, input));
  const output: Ref = named('', (fields) => outputMessageSchema(fields, types, output));

  for (const r of routes) {
    const inPath = (f: FieldInfo) => r.pathParams.includes(f.name);
    const params = [
      ...r.pathParams.map((name) => {
        const f = r.requestFields.find((x) => x.name === name);
        // Always present: a path value is never the absent ''.
        const schema = f
          ? fieldSchema({ ...f, rule: { ...f.rule, required: true } }, 'text', types, input)
          : { type: 'string', minLength: 1 };
        return { name, in: 'path', required: true, schema };
      }),
      // A list route's other fields travel in the query string, beside the list in the body.
      ...(r.method === 'get' || r.method === 'delete' || r.bodyField
        ? r.requestFields
            .filter((f) => !inPath(f) && f.type !== 'TYPE_MESSAGE' && f.name !== r.bodyField)
            .map((f) => ({
              name: f.name,
              in: 'query',
              required: Boolean(f.rule?.required),
              schema: fieldSchema(f, 'text', types, input),
              ...(f.repeated ? { style: 'form', explode: false } : {}),
              ...(f.rule?.not_before ? { 'x-not-before': f.rule.not_before } : {}),
            }))
        : []),
    ];
    const body = r.method === 'post' || r.method === 'put';
    const op: Record<string, unknown> = {
      operationId: r.operationId,
      summary: r.summary ?? r.rpc,
      tags: [r.service],
      parameters: params,
      'x-permissions': r.guard.permissions,
      'x-priority-below': r.guard.priorityBelow || null,
      ...(r.rules.rowScope ? { 'x-row-scope': r.rules.rowScope } : {}),
      ...(r.rules.rowOwner ? { 'x-row-owner': r.rules.rowOwner } : {}),
      ...(r.rules.exportBarred.length ? { 'x-export-barred': r.rules.exportBarred } : {}),
      ...(r.rules.exportOnly ? { 'x-export-only': true } : {}),
      ...(r.guard.barred ? { 'x-barred-username-prefixes': r.guard.barred.prefixes } : {}),
      ...(r.refusals.length ? { 'x-service-refusals': r.refusals } : {}),
      ...(crossFieldRules(r).length ? { 'x-cross-field-rules': crossFieldRules(r) } : {}),
      'x-grpc': `${r.serviceFullName}/${r.rpc}`,
      security: r.guard.public ? [] : [{ bearer: [] }],
      responses: {
        [String(r.successStatus)]: {
          description: 'OK',
          content: { 'application/json': { schema: successSchema(r.successStatus, output(r.responseType)) } },
        },
        ...Object.fromEntries(errorStatuses(r).map((s) => [String(s), { $ref: `#/components/responses/E${s}` }])),
      },
    };
    if (body) {
      const fields = r.requestFields.filter((f) => !inPath(f));
      const bodyField = r.bodyField ? r.requestFields.find((f) => f.name === r.bodyField) : undefined;
      op.requestBody = {
        // A list route's body is its list (absent = no rows); any other body holds the required fields.
        required: bodyField ? Boolean(bodyField.rule?.required) : fields.some((f) => f.rule?.required),
        content: {
          'application/json': {
            // A body-field route takes the list itself as the body (e.g. the 200 rows of an import).
            // The body itself is never null (JSON bodies are objects or lists).
            schema: bodyField ? notNull(fieldSchema(bodyField, 'json', types, input)) : inputMessageSchema(fields, types, input),
          },
        },
      };
    }
    (paths[r.path] ??= {})[r.method] = op;
  }
  addLinks(routes, paths, types);

  const errorResponses = Object.fromEntries(
    ERROR_STATUSES.map((s) => [
      `E${s}`,
      { description: `Error envelope (${codesOf(s).join(', ')})`, content: { 'application/json': { schema: errorSchema(s) } } },
    ]),
  );
  return {
    openapi: '3.0.3',
    info: { title: 'Hệ thống CSKH API', version: '1.0.0', description: 'Generated from the proto route and field options.' },
    servers: [{ url: '/' }],
    paths,
    components: {
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      schemas,
      responses: errorResponses,
    },
  };
}

type Ref = (typeName: string | undefined) => { $ref: string };

/** Every status the error envelope can carry, and the codes behind each. */
const ERROR_STATUSES = [...new Set(Object.values(ERROR_TABLE).map((e) => e.http as number)), 413].filter((s) => s !== 500).sort();
const codesOf = (status: number): ErrorCode[] =>
  status === 413 ? ['VALIDATION'] : (Object.keys(ERROR_TABLE) as ErrorCode[]).filter((c) => ERROR_TABLE[c].http === status);

/**
 * What a route can answer besides its success: a 400 for its input, 401 without a valid session
 * (and for a wrong password at login), 403 past its guard, the service's 404/409/422, 429 when a
 * limit is hit (login, the carrier's quotas), 413 for an oversized body, 503/504 when its service
 * is down or slow. Never 500: that would be a bug, and the fuzzer fails on it.
 */
function errorStatuses(r: RouteDef): number[] {
  const body = r.method === 'post' || r.method === 'put';
  return [400, 401, ...(r.guard.public ? [] : [403]), 404, 409, ...(body ? [413] : []), 422, 429, 503, 504];
}

/**
 * The operation's rules between fields, in words: its `not_before` pairs (also stated on each field
 * as x-not-before) and the route's `across` rules, which no JSON Schema can state.
 */
export function crossFieldRules(r: RouteDef): string[] {
  const pairs = r.requestFields.filter((f) => f.rule?.not_before).map((f) => `${f.name} không được trước ${f.rule!.not_before}`);
  return [...pairs, ...r.across];
}

function successSchema(status: number, data: { $ref: string }) {
  return {
    type: 'object',
    properties: {
      status: { type: 'integer', enum: [status] },
      data,
      // The reply's own msg, repeated beside the data when it has one.
      msg: { type: 'string', minLength: 1 },
    },
    required: ['status', 'data'],
    additionalProperties: false,
  };
}

function errorSchema(status: number) {
  return {
    type: 'object',
    properties: {
      status: { type: 'integer', enum: [status] },
      code: { type: 'string', enum: codesOf(status) },
      // Always the Vietnamese text the caller may show; never a stack or an internal detail.
      msg: { type: 'string', minLength: 1 },
    },
    required: ['status', 'code', 'msg'],
    additionalProperties: false,
  };
}

// ---------- answers ----------

function outputMessageSchema(fields: FieldInfo[], types: ProtoTypes, ref: Ref): Record<string, unknown> {
  return {
    type: 'object',
    properties: Object.fromEntries(fields.map((f) => [f.name, outputFieldSchema(f, types, ref)])),
    // proto-loader fills every field with its default; only proto3 `optional` ones may be absent.
    required: fields.filter((f) => !f.optional).map((f) => f.name),
  };
}

function outputFieldSchema(f: FieldInfo, types: ProtoTypes, ref: Ref): Record<string, unknown> {
  let base: Record<string, unknown>;
  if (f.type === 'TYPE_MESSAGE') base = f.repeated ? ref(f.typeName) : { allOf: [ref(f.typeName)], nullable: true };
  else if (integerRange({ ...f, rule: undefined })) base = { type: 'integer' };
  else if (f.type === 'TYPE_DOUBLE' || f.type === 'TYPE_FLOAT') base = { type: 'number' };
  else if (f.type === 'TYPE_BOOL') base = { type: 'boolean' };
  else if (f.type === 'TYPE_ENUM') base = { type: 'string', enum: types.enums.get(f.typeName ?? '') ?? [] };
  else base = { type: 'string' };
  return f.repeated ? { type: 'array', items: base } : base;
}

// ---------- requests ----------

function inputMessageSchema(fields: FieldInfo[], types: ProtoTypes, ref: Ref): Record<string, unknown> {
  const required = fields.filter((f) => f.rule?.required).map((f) => f.name);
  return {
    type: 'object',
    properties: Object.fromEntries(
      fields.map((f) => {
        const s = fieldSchema(f, 'json', types, ref);
        return [f.name, f.rule?.not_before ? { ...s, 'x-not-before': f.rule.not_before } : s];
      }),
    ),
    ...(required.length ? { required } : {}),
  };
}

/** A text value: length, format, values; NUL never (PostgreSQL cannot store it). */
function textSchema(f: FieldInfo): Record<string, unknown> {
  const rule = f.rule ?? {};
  const s: Record<string, unknown> = { type: 'string', maxLength: maxLengthOf(f) };
  // '' is the absent value of a text field: allowed unless required, whatever the other rules say.
  const orEmpty = (re: string) => (rule.required ? `^(?:${re})$` : `^(?:${re})?$`);
  if (rule.one_of?.length) s.enum = [...(rule.required ? [] : ['']), ...rule.one_of];
  else if (rule.format) s.pattern = orEmpty(FORMATS[rule.format].pattern);
  else if (isNameOrFileName(f)) {
    // A name: no NUL, no bidirectional control, and something visible unless it is only plain spaces.
    const visible = `[^${NAME_BARRED}${JS_SPACE}${INVISIBLE_CHARS}]`;
    s.pattern = rule.required
      ? `^[^${NAME_BARRED}]*${visible}[^${NAME_BARRED}]*$`
      : `^(?:[^${NAME_BARRED}${INVISIBLE_CHARS}]*|[^${NAME_BARRED}]*${visible}[^${NAME_BARRED}]*)$`;
    if (rule.required) s.minLength = Math.max(1, rule.min_len ?? 0);
  } else if (rule.required) {
    s.pattern = `^[^\\u0000]*[^\\u0000${JS_SPACE}][^\\u0000]*$`;
    s.minLength = Math.max(1, rule.min_len ?? 0);
  } else if (rule.min_len) s.pattern = `^(?:[^\\u0000]{${rule.min_len},})?$`;
  else s.pattern = '^[^\\u0000]*$';
  if (rule.one_of?.length) delete s.maxLength; // the list bounds it already
  return s;
}

/** A number as JSON carries it; in a body also as its plain text (selects send so) when unbounded. */
function numberSchema(f: FieldInfo, source: 'json' | 'text'): Record<string, unknown> {
  const range = integerRange(f);
  const rule = f.rule ?? {};
  const integer = (min: number, max: number) => ({
    type: 'integer',
    format: /64/.test(f.type) ? 'int64' : 'int32',
    minimum: min,
    maximum: max,
  });
  // A page size: above a screen's largest page it is an export, every row (kit route-rules).
  if (range && isPageCount(f, source))
    return {
      ...integer(range.min, range.max),
      description: `Số dòng một trang (tối đa ${MAX_PAGE_SIZE}); lớn hơn là xuất toàn bộ (x-export-barred)`,
    };
  const n: Record<string, unknown> = range
    ? integer(range.min, range.max)
    : {
        type: 'number',
        ...(rule.min !== undefined ? { minimum: rule.min } : {}),
        ...(rule.max !== undefined ? { maximum: rule.max } : {}),
      };
  if (rule.one_of?.length) n.enum = rule.one_of.map(Number);
  const form = source === 'json' ? numberTextForm(f) : undefined;
  if (!form) return n;
  // '' is the absent value: allowed unless required.
  const text: Record<string, unknown> =
    'enum' in form
      ? { type: 'string', enum: [...(rule.required ? [] : ['']), ...form.enum] }
      : { type: 'string', pattern: rule.required ? form.pattern : `^(?:${form.pattern.slice(1, -1)})?$` };
  return { anyOf: [n, text] };
}

/**
 * JSON schema of one request field as the gateway reads it (transcode.ts): from a JSON body
 * ('json', where null means absent) or from the query string or path ('text').
 */
export function fieldSchema(f: FieldInfo, source: 'json' | 'text', types: ProtoTypes, ref: Ref): Record<string, unknown> {
  let base: Record<string, unknown>;
  if (f.map) {
    // Keys are text (a username…); each value as its own field would be.
    // A value cannot be absent: '' or null for one is refused (the gateway's checkMap).
    const value = { ...f.map.value, rule: { ...f.map.value.rule, required: true } };
    const map = { type: 'object', propertyNames: textSchema(f.map.key), additionalProperties: fieldSchema(value, 'json', types, ref) };
    return source === 'json' ? { ...map, nullable: true } : map;
  }
  if (f.type === 'TYPE_MESSAGE') base = ref(f.typeName);
  else if (integerRange(f) || f.type === 'TYPE_DOUBLE' || f.type === 'TYPE_FLOAT') base = numberSchema(f, source);
  else if (f.type === 'TYPE_BOOL')
    base =
      source === 'text'
        ? { type: 'boolean' }
        : { anyOf: [{ type: 'boolean' }, { type: 'string', enum: ['', ...BOOLEAN_TEXTS] }, { type: 'integer', enum: [0, 1] }] };
  else if (f.type === 'TYPE_ENUM') base = { type: 'string', enum: types.enums.get(f.typeName ?? '') ?? [] };
  else {
    base = textSchema(f);
    const amount = amountNumbers(f);
    if (source === 'json' && takesNumberAsText(f)) base = { anyOf: [base, amount ? { type: 'integer', ...amount } : { type: 'number' }] };
  }
  if (f.repeated) {
    const list: Record<string, unknown> = { type: 'array', items: base };
    if (f.rule?.required) list.minItems = 1;
    return source === 'json' && !f.rule?.required ? { ...list, nullable: true } : list;
  }
  // In a body, null is the absent value: allowed unless the field is required.
  if (source === 'json' && !f.rule?.required) return '$ref' in base ? { allOf: [base], nullable: true } : orNull(base);
  return base;
}

/** null allowed: an enum must list it too, or a validator refuses null whatever `nullable` says. */
const orNull = (s: Record<string, unknown>) =>
  Array.isArray(s.enum) ? { ...s, nullable: true, enum: [...s.enum, null] } : { ...s, nullable: true };

const notNull = ({ nullable: _, ...schema }: Record<string, unknown>) => schema;

// ---------- links (stateful testing) ----------

/**
 * A creation (201) whose reply carries the new record's id links to every operation on
 * `<its path>/…{id}…`: read, change, delete, history. The fuzzer's stateful phase follows them.
 */
/** The part of an operation object that addLinks writes. */
type OperationResponses = { responses: Record<string, { links?: Record<string, unknown> }> };

function addLinks(routes: RouteDef[], paths: Record<string, Record<string, unknown>>, types: ProtoTypes) {
  for (const c of routes) {
    if (c.method !== 'post' || c.successStatus !== 201) continue;
    if (!(types.messages.get(c.responseType) ?? []).some((f) => f.name === 'id' && f.type === 'TYPE_STRING')) continue;
    // The created resource's own paths only: `${path}/{id}` and what hangs below it. An action
    // route that happens to end in an id (`/mesbank/deny/{id}`) acts on it rather than reading it
    // back, so linking it made a stateful client read a 404 after the action as "created resource
    // not found".
    const own = `${c.path}/{id}`;
    const targets = routes.filter((t) => (t.path === own || t.path.startsWith(`${own}/`)) && t.pathParams.length === 1);
    if (!targets.length) continue;
    const links: Record<string, unknown> = {};
    for (const t of targets) {
      links[`${t.rpc}_${t.method}${t.path.slice(c.path.length).replace(/\W+/g, '_')}`] = {
        operationId: t.operationId,
        parameters: { id: '$response.body#/data/id' },
      };
    }
    (paths[c.path][c.method] as OperationResponses).responses[String(c.successStatus)].links = links;
  }
}
