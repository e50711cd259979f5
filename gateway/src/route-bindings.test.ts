import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as protoLoader from '@grpc/proto-loader';
import { PROTO_ROOT } from '@cskh/proto';
import { buildOpenApi } from './openapi';
import { collectRoutes, LOADER_OPTIONS } from './routes';
import { fakeRequest, route, routes } from './testing';
import { buildRequest } from './transcode';

/**
 * A route's additional bindings (options.proto `additional_bindings`, `set`): twin lists declared
 * once, one route per binding, each with its own path and guard, and the request field the binding
 * fixes taken from the route, never from the caller.
 */
const ID = '7d8f2c1e-4b3a-4c5d-9e6f-0a1b2c3d4e5f';

describe('a twin pair declared once', () => {
  it('gives each list its own route, guard and summary on one RPC', () => {
    const mfy = route('get', '/api/v1/mfy');
    const reg = route('get', '/api/v1/dangky9279');
    expect([mfy.serviceFullName, mfy.rpc]).toEqual([reg.serviceFullName, reg.rpc]);
    expect(mfy.guard.permissions).toEqual(['mfy']);
    expect(reg.guard.permissions).toEqual(['dangky9279']);
    expect([mfy.summary, reg.summary]).toEqual(['Danh sách đơn Mfy', 'Danh sách đơn đăng ký 9279']);
    expect([mfy.fixed, reg.fixed]).toEqual([{ kind: 'mfy' }, { kind: '9279' }]);
    expect(new Set([mfy.operationId, reg.operationId]).size).toBe(2);
  });

  it('takes the primary route’s shape where a binding declares none, and its own where it does', () => {
    const created = route('post', '/api/v1/dangky9279');
    expect(created.successStatus).toBe(201);
    expect(created.refusals).toEqual(route('post', '/api/v1/mfy').refusals);
    expect(route('post', '/api/v1/dangky9279/assign').bodyField).toBe('items');
    const status = (path: string) => route('put', path).requestFields.find((f) => f.name === 'trang_thai')?.rule?.one_of;
    expect(status('/api/v1/mfy/setTrangThai/{id}')).toContain('duyet_lan_2');
    expect(status('/api/v1/dangky9279/setTrangThai/{id}')).toContain('y6');
    expect(status('/api/v1/dangky9279/setTrangThai/{id}')).not.toContain('duyet_lan_2');
  });

  it('fixes the list from the route: a list named in the query, the body or the path is not the caller’s to choose', () => {
    const list = buildRequest(route('get', '/api/v1/mfy'), fakeRequest({ query: { kind: '9279', page: '1' } }));
    expect(list).toMatchObject({ kind: 'mfy', page: 1 });
    const note = buildRequest(
      route('put', '/api/v1/dangky9279/{id}/update'),
      fakeRequest({ body: { note: 'x', kind: 'mfy' }, params: { id: ID } }),
    );
    expect(note).toMatchObject({ kind: '9279', id: ID, note: 'x' });
  });

  it('does not document the fixed field: the OpenAPI document lists only what the caller sends', () => {
    const doc = buildOpenApi(routes) as {
      paths: Record<string, Record<string, { parameters: Array<{ name: string }>; operationId: string }>>;
    };
    expect(doc.paths['/api/v1/mfy'].get.parameters.map((p) => p.name)).not.toContain('kind');
    expect(doc.paths['/api/v1/dangky9279'].get.operationId).toBe('cskh.orders.v1.OrderService.ListOrders.9279');
  });
});

describe('three screens declared once', () => {
  const SCREENS = ['quetdata', 'quetdatakhonggoi', 'quetdtct'];

  it('gives each scan screen its own route and guard on one RPC, the screen fixed by the route', () => {
    const lists = SCREENS.map((s) => route('get', `/api/v1/${s}`));
    expect(new Set(lists.map((r) => `${r.serviceFullName}.${r.rpc}`))).toEqual(
      new Set(['cskh.dataops.v1.DataopsScanService.ListScanFiles']),
    );
    expect(lists.map((r) => r.guard.permissions)).toEqual(SCREENS.map((s) => [s]));
    expect(lists.map((r) => r.fixed)).toEqual(SCREENS.map((kind) => ({ kind })));
    expect(lists.map((r) => r.operationId)).toEqual(SCREENS.map((s) => `cskh.dataops.v1.DataopsScanService.ListScanFiles.${s}`));
    // Each binding without its own body and rules takes the primary route's: the upload's rows and their sheet bound.
    const uploads = ['uploadscannumber', 'uploadquetdatakhonggoi', 'uploadquetdtct'].map((p) => route('post', `/api/v1/${p}/import`));
    expect(uploads.map((r) => [r.rpc, r.bodyField, r.across.length])).toEqual(uploads.map(() => ['UploadScanFile', 'rows', 1]));
    expect(route('post', '/api/v1/quetdtct/base').successStatus).toBe(201);
  });

  it('reads the screen from the route, never from the caller', () => {
    const info = buildRequest(
      route('post', '/api/v1/quetdtct/getInfoByFileName'),
      fakeRequest({ body: { FileName: 'a.xlsx', kind: 'quetdata' } }),
    );
    expect(info).toMatchObject({ FileName: 'a.xlsx', kind: 'quetdtct' });
    const rows = buildRequest(
      route('post', '/api/v1/uploadquetdatakhonggoi/import'),
      fakeRequest({ query: { first_row: '2', kind: 'quetdtct' }, body: [{ PhoneNumber: '0912345678', FileName: 'a.xlsx' }] }),
    );
    expect(rows).toMatchObject({ kind: 'quetdatakhonggoi', first_row: 2, rows: [{ PhoneNumber: '0912345678', FileName: 'a.xlsx' }] });
  });
});

describe('a binding the gateway refuses at start', () => {
  const load = (route: string) => {
    const dir = mkdtempSync(join(tmpdir(), 'bindings-'));
    writeFileSync(
      join(dir, 'twin.proto'),
      `syntax = "proto3";\npackage cskh.twin.v1;\nimport "cskh/api/options.proto";\n` +
        `message Req { int64 page = 1; int64 count = 2; string kind = 3; }\nmessage Rows { repeated Req values = 1; int64 count = 2; }\n` +
        `service TwinService {\n  rpc List(Req) returns (Rows) {\n    option (cskh.api.route) = { ${route} };\n  }\n}\n`,
    );
    return collectRoutes(protoLoader.loadSync(join(dir, 'twin.proto'), { ...LOADER_OPTIONS, includeDirs: [dir, PROTO_ROOT] }));
  };
  const primary = 'get: "/api/v1/a" permissions: ["a"] row_scope: "all" export_barred: [5] set: "kind=a"';

  it('serves a well-formed pair', () => {
    expect(
      load(`${primary} additional_bindings: { get: "/api/v1/b" permissions: ["b"] export_barred: [5] set: "kind=b" }`).map((r) => r.path),
    ).toEqual(expect.arrayContaining(['/api/v1/a', '/api/v1/b']));
  });

  it('refuses a binding that changes what the kit enforces per RPC (the export ban)', () => {
    expect(() => load(`${primary} additional_bindings: { get: "/api/v1/b" permissions: ["b"] set: "kind=b" }`)).toThrow(/export_barred/);
  });

  it('refuses a set that names no string field of the request', () => {
    expect(() => load(`${primary} additional_bindings: { get: "/api/v1/b" permissions: ["b"] export_barred: [5] set: "page=2" }`)).toThrow(
      /page/,
    );
  });
});
