/**
 * The generated client (api/gen/routes.ts) against the route table the gateway serves: every route
 * has its function with the same verb and path, and a call puts each field where the gateway reads
 * it (path parameters in the path, a GET's fields in the query, a write's in the JSON body, a list
 * route's list as the body with its other fields in the query).
 */
import { collectRoutes, type RouteDef } from '../../../gateway/src/routes';
import { loadPushDeclarations } from '../../../services/kit/src/messaging/push-declarations';
import { PUSHES } from './gen/pushes';
import * as generated from './gen/routes';
import type { Route } from './route';

const table = collectRoutes();
const declared = (service: string, rpc: string): RouteDef => {
  const r = table.find((x) => x.serviceFullName.endsWith(`.${service}`) && x.rpc === rpc);
  if (!r) throw new Error(`${service}.${rpc} is not in the route table`);
  return r;
};

type Sent = { method: string; url: string; body: unknown };
let sent: Sent[] = [];
beforeEach(() => {
  sent = [];
  global.fetch = (async (url: string, init: RequestInit) => {
    sent.push({ method: String(init.method), url, body: init.body === undefined ? undefined : JSON.parse(String(init.body)) });
    return new Response(JSON.stringify({ status: 200, data: { ok: true } }), { status: 200 });
  }) as typeof fetch;
});

describe('generated client', () => {
  it('has one function per route of the gateway, with its verb and path (a twin service’s by the values its routes fix)', () => {
    type Entry = Route<unknown, unknown> | { [fn: string]: Route<unknown, unknown> };
    const services = generated as unknown as Record<string, Record<string, Entry>>;
    const generatedRoutes = Object.entries(services).flatMap(([service, entries]) =>
      Object.entries(entries).flatMap(([name, e]) =>
        typeof e === 'function'
          ? [`${service}.${name} ${e.method} ${e.path}`]
          : Object.entries(e).map(([fn, r]) => `${service}[${name}].${fn} ${r.method} ${r.path}`),
      ),
    );
    const expected = table.map((r) => {
      const group = Object.keys(r.fixed).length ? `[${Object.values(r.fixed).join('_')}]` : '';
      return `${r.serviceFullName.split('.').pop()}${group}.${r.rpc[0].toLowerCase()}${r.rpc.slice(1)} ${r.method} ${r.path}`;
    });
    expect(generatedRoutes.sort()).toEqual(expected.sort());
  });

  it('listens for every event the services may push, by the name its declaration gives', () => {
    const declared = loadPushDeclarations().map((d) => `${d.message.split('.').pop()} ${d.event}`);
    expect(Object.entries(PUSHES).map(([name, event]) => `${name} ${event}`)).toEqual(declared);
  });

  it('sends path parameters in the path and a GET’s other fields in the query, blanks left out', async () => {
    await generated.UserService.getUser({ id: 'a b/c' });
    await generated.UserService.listUsers({ page: 2, count: 20, username: '' });
    expect(sent).toEqual([
      { method: 'GET', url: declared('UserService', 'GetUser').path.replace('{id}', 'a%20b%2Fc'), body: undefined },
      { method: 'GET', url: `${declared('UserService', 'ListUsers').path}?page=2&count=20`, body: undefined },
    ]);
  });

  it('sends a write’s fields as the JSON body, its path parameter only in the path', async () => {
    await generated.UserService.updateUser({ id: 'u1', fullname: 'Nguyễn Văn A' });
    await generated.UserService.lock({ id: 'u1' });
    expect(sent).toEqual([
      { method: 'PUT', url: declared('UserService', 'UpdateUser').path.replace('{id}', 'u1'), body: { fullname: 'Nguyễn Văn A' } },
      { method: 'POST', url: declared('UserService', 'Lock').path.replace('{id}', 'u1'), body: {} },
    ]);
  });

  it('sends a list route’s list as the body and its other fields in the query (an import’s chunk, a hand-out)', async () => {
    await generated.BankService.importMessages.send({ rows: [{ so_dien_thoai: '0912345678' }], file_name: 'tin nhắn.xlsx', first_row: 13 });
    await generated.CareService.assign({ upload_id: 'up1', items: [{ username: 'nv01', count: 3 }] });
    expect(sent).toEqual([
      {
        method: 'POST',
        url: `${declared('BankService', 'ImportMessages').path}?file_name=tin+nh%E1%BA%AFn.xlsx&first_row=13`,
        body: [{ so_dien_thoai: '0912345678' }],
      },
      { method: 'POST', url: `${declared('CareService', 'Assign').path}?upload_id=up1`, body: [{ username: 'nv01', count: 3 }] },
    ]);
  });

  it('gives the URL of a row’s history, a parameter left out refused before any request', () => {
    expect(generated.UserService.userHistory.url({ id: 'u1' })).toBe(declared('UserService', 'UserHistory').path.replace('{id}', 'u1'));
    expect(() => generated.UserService.userHistory.url({ id: '' })).toThrow('id missing');
    expect(sent).toEqual([]);
  });
});
