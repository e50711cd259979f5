import type { RouteDef } from './routes';

/** OpenAPI 3 document of the whole REST surface, generated from the same proto options. */
export function buildOpenApi(routes: RouteDef[]) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const r of routes) {
    const params = [
      ...r.pathParams.map((name) => ({ name, in: 'path', required: true, schema: { type: 'string' } })),
      ...(r.method === 'get' || r.method === 'delete'
        ? r.requestFields
            .filter((f) => !r.pathParams.includes(f.name) && f.type !== 'TYPE_MESSAGE')
            .map((f) => ({ name: f.name, in: 'query', required: false, schema: fieldSchema(f.type, f.repeated) }))
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
      },
    };
    if (r.method === 'post' || r.method === 'put') {
      const props = Object.fromEntries(
        r.requestFields.filter((f) => !r.pathParams.includes(f.name)).map((f) => [f.name, fieldSchema(f.type, f.repeated)]),
      );
      op.requestBody = {
        required: false,
        content: {
          'application/json': {
            schema: r.bodyField ? { type: 'array', items: { type: 'object' } } : { type: 'object', properties: props },
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

function fieldSchema(type: string, repeated: boolean): Record<string, unknown> {
  const base =
    type === 'TYPE_BOOL'
      ? { type: 'boolean' }
      : /INT|FIXED/.test(type)
        ? { type: 'integer' }
        : /DOUBLE|FLOAT/.test(type)
          ? { type: 'number' }
          : type === 'TYPE_MESSAGE'
            ? { type: 'object' }
            : { type: 'string' };
  return repeated ? { type: 'array', items: base } : base;
}
