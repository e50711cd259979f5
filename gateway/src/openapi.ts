import type { FieldInfo, ProtoTypes, RouteDef } from './routes';
import { integerRange, maxLengthOf } from './transcode';

/**
 * OpenAPI 3 document of the whole REST surface, generated from the same proto options, with
 * each request field's type and bounds as the gateway's transcoding enforces them (so that a
 * fuzzer such as schemathesis generates requests worth sending).
 */
export function buildOpenApi(routes: RouteDef[]) {
  const paths: Record<string, Record<string, unknown>> = {};
  const schemas: Record<string, unknown> = {};
  const types = routes[0]?.types ?? { messages: new Map(), enums: new Map() };
  const ref = (typeName: string | undefined) => {
    const name = typeName ?? 'Unknown';
    if (!(name in schemas)) {
      schemas[name] = {}; // placeholder first: a message may refer to itself
      schemas[name] = messageSchema(types.messages.get(name) ?? [], types, ref);
    }
    return { $ref: `#/components/schemas/${name}` };
  };

  for (const r of routes) {
    const inPath = (f: FieldInfo) => r.pathParams.includes(f.name);
    const params = [
      ...r.pathParams.map((name) => {
        const f = r.requestFields.find((x) => x.name === name);
        return { name, in: 'path', required: true, schema: f ? fieldSchema(f, types, ref) : { type: 'string' } };
      }),
      ...(r.method === 'get' || r.method === 'delete'
        ? r.requestFields
            .filter((f) => !inPath(f) && f.type !== 'TYPE_MESSAGE')
            .map((f) => ({
              name: f.name,
              in: 'query',
              required: false,
              schema: fieldSchema(f, types, ref),
              ...(f.repeated ? { style: 'form', explode: false } : {}),
            }))
        : []),
    ];
    const op: Record<string, unknown> = {
      operationId: `${r.serviceFullName}.${r.rpc}`,
      summary: r.summary ?? r.rpc,
      tags: [r.service],
      parameters: params,
      'x-permissions': r.guard.permissions,
      'x-priority-below': r.guard.priorityBelow || null,
      'x-grpc': `${r.serviceFullName}/${r.rpc}`,
      security: r.guard.public ? [] : [{ bearer: [] }],
      responses: {
        [String(r.successStatus)]: { description: 'OK', content: { 'application/json': { schema: { $ref: '#/components/schemas/Success' } } } },
        '400': { $ref: '#/components/responses/Error' },
        ...(r.guard.public ? {} : { '401': { $ref: '#/components/responses/Error' }, '403': { $ref: '#/components/responses/Error' } }),
        '404': { $ref: '#/components/responses/Error' },
        '409': { $ref: '#/components/responses/Error' },
        '422': { $ref: '#/components/responses/Error' },
        '429': { $ref: '#/components/responses/Error' },
        '503': { $ref: '#/components/responses/Error' },
      },
    };
    if (r.method === 'post' || r.method === 'put') {
      const props = Object.fromEntries(r.requestFields.filter((f) => !inPath(f)).map((f) => [f.name, fieldSchema(f, types, ref)]));
      const bodyField = r.bodyField ? r.requestFields.find((f) => f.name === r.bodyField) : undefined;
      op.requestBody = {
        required: false,
        content: {
          'application/json': {
            // A body-field route takes the list itself as the body (e.g. the 200 rows of an import).
            schema: bodyField ? fieldSchema(bodyField, types, ref) : { type: 'object', properties: props },
          },
        },
      };
    }
    (paths[r.path] ??= {})[r.method] = op;
  }
  return {
    openapi: '3.0.3',
    info: { title: 'Hệ thống CSKH API', version: '1.0.0', description: 'Generated from the proto route options.' },
    servers: [{ url: '/' }],
    paths,
    components: {
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      schemas: {
        ...schemas,
        Success: { type: 'object', properties: { status: { type: 'integer' }, data: {} }, required: ['status', 'data'] },
        Error: {
          type: 'object',
          properties: { status: { type: 'integer' }, code: { type: 'string' }, msg: { type: 'string' } },
          required: ['status', 'code', 'msg'],
        },
      },
      responses: {
        Error: { description: 'Error envelope', content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } },
      },
    },
  };
}

type Ref = (typeName: string | undefined) => { $ref: string };

function messageSchema(fields: FieldInfo[], types: ProtoTypes, ref: Ref): Record<string, unknown> {
  return { type: 'object', properties: Object.fromEntries(fields.map((f) => [f.name, fieldSchema(f, types, ref)])) };
}

/** JSON schema of one request field: type, integer range, string length, enum names. */
export function fieldSchema(f: FieldInfo, types: ProtoTypes, ref: Ref): Record<string, unknown> {
  let base: Record<string, unknown>;
  const range = integerRange(f);
  if (range) base = { type: 'integer', format: /64/.test(f.type) ? 'int64' : 'int32', minimum: range.min, maximum: range.max };
  else if (f.type === 'TYPE_DOUBLE' || f.type === 'TYPE_FLOAT') base = { type: 'number' };
  else if (f.type === 'TYPE_BOOL') base = { type: 'boolean' };
  else if (f.type === 'TYPE_MESSAGE') base = ref(f.typeName);
  else if (f.type === 'TYPE_ENUM') base = { type: 'string', enum: types.enums.get(f.typeName ?? '') ?? [] };
  else base = { type: 'string', maxLength: maxLengthOf(f) };
  return f.repeated ? { type: 'array', items: base } : base;
}
