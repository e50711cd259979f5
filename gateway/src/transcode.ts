import type { Request } from 'express';
import { AppError } from '@cskh/kit';
import type { FieldInfo, RouteDef } from './routes';

const NUMBER_TYPES = new Set([
  'TYPE_INT32', 'TYPE_INT64', 'TYPE_UINT32', 'TYPE_UINT64', 'TYPE_SINT32', 'TYPE_SINT64',
  'TYPE_FIXED32', 'TYPE_FIXED64', 'TYPE_SFIXED32', 'TYPE_SFIXED64', 'TYPE_DOUBLE', 'TYPE_FLOAT',
]);

/** A query or path string → the field's type; bad numbers are the caller's error, not ours. */
export function coerce(field: FieldInfo, raw: unknown): unknown {
  if (field.repeated) {
    const list = Array.isArray(raw) ? raw : String(raw).split(',').filter((s) => s !== '');
    return list.map((v) => coerce({ ...field, repeated: false }, v));
  }
  if (Array.isArray(raw)) raw = raw[raw.length - 1];
  if (NUMBER_TYPES.has(field.type)) {
    if (raw === '' || raw === undefined || raw === null) return undefined;
    const n = Number(raw);
    if (!Number.isFinite(n)) throw new AppError('VALIDATION', `Giá trị của ${field.name} phải là số`);
    return n;
  }
  if (field.type === 'TYPE_BOOL') return raw === true || raw === 'true' || raw === '1' || raw === 1;
  if (field.type === 'TYPE_MESSAGE') return undefined;
  return raw === undefined || raw === null ? undefined : String(raw);
}

/**
 * Path parameters, query string and JSON body → the request message (field names exactly as
 * in the proto). Precedence: path over body over query. Unknown names are dropped by protobuf.
 */
export function buildRequest(route: RouteDef, req: Request): Record<string, unknown> {
  const fields = new Map(route.requestFields.map((f) => [f.name, f]));
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(req.query ?? {})) {
    const f = fields.get(k);
    if (!f) continue;
    const c = coerce(f, v);
    if (c !== undefined) out[k] = c;
  }
  const body = req.body;
  if (Array.isArray(body)) {
    if (!route.bodyField) throw new AppError('VALIDATION', 'Dữ liệu gửi lên phải là một đối tượng JSON');
    out[route.bodyField] = body;
  } else if (body && typeof body === 'object') {
    for (const [k, v] of Object.entries(body)) {
      const f = fields.get(k);
      if (!f || v === null || v === undefined) continue;
      // JSON numbers/strings go through as given; protobuf converts compatible scalars.
      out[k] = f.type === 'TYPE_STRING' && !f.repeated && typeof v !== 'string' ? String(v) : v;
    }
  }
  for (const p of route.pathParams) {
    const f = fields.get(p);
    const raw = req.params[p];
    if (f && raw !== undefined) out[p] = coerce(f, raw);
  }
  return out;
}
