import { AppError } from '@cskh/kit';
import type { RouteDef } from './routes';
import { buildOpenApi } from './openapi';
import { fakeRequest, route, routes } from './testing';
import { buildRequest } from './transcode';

/**
 * The rules a route declares beside its request message (options.proto: a route's `fields`,
 * `refusals`, `across`, a field's `invalid_msg`): the gateway refuses with the service's own words
 * and the document states the same.
 */
const ID = '7d8f2c1e-4b3a-4c5d-9e6f-0a1b2c3d4e5f';

/** The Vietnamese msg the gateway refuses the body with, or 'accepted'. */
function refusal(r: RouteDef, body: Record<string, unknown>): string {
  try {
    buildRequest(r, fakeRequest({ body, params: r.pathParams.includes('id') ? { id: ID } : {} }));
    return 'accepted';
  } catch (e) {
    if (e instanceof AppError) return e.msg;
    throw e;
  }
}

type Operation = {
  'x-service-refusals'?: Array<{ status: number; why: string }>;
  'x-cross-field-rules'?: string[];
  requestBody?: { content: { 'application/json': { schema: { required?: string[]; properties: Record<string, { enum?: string[] }> } } } };
};
const doc = buildOpenApi(routes) as { paths: Record<string, Record<string, Operation>> };
const op = (method: string, path: string) => doc.paths[path][method];
const bodySchema = (method: string, path: string) => op(method, path).requestBody!.content['application/json'].schema;

describe("a route's own field rules over a shared request message", () => {
  it('a system account needs a password when created, not when edited, in the service words', () => {
    const account = { position: 'Mobifone', account: 'cskh01', api: 'https://api.example.vn' };
    expect(refusal(route('post', '/api/v1/systemaccount'), account)).toBe('Có trường bắt buộc chưa được nhập hoặc chưa được chọn');
    expect(refusal(route('post', '/api/v1/systemaccount'), { ...account, password: 'Mat-khau-1' })).toBe('accepted');
    expect(refusal(route('put', '/api/v1/systemaccount/{id}'), account)).toBe('accepted');
    expect(bodySchema('post', '/api/v1/systemaccount').required).toContain('password');
    expect(bodySchema('put', '/api/v1/systemaccount/{id}').required ?? []).not.toContain('password');
  });

  it("each status route takes its own field's values: an mfy status is not a 9279 one", () => {
    expect(refusal(route('put', '/api/v1/mfy/setTrangThai/{id}'), { trang_thai: 'duyet_lan_2' })).toBe('accepted');
    expect(refusal(route('put', '/api/v1/dangky9279/setTrangThai/{id}'), { trang_thai: 'duyet_lan_2' })).toBe('Trạng thái không hợp lệ');
    expect(refusal(route('put', '/api/v1/mfy/setTrangThaiThuTien/{id}'), {})).toBe('Trạng thái thu tiền không hợp lệ');
    expect(bodySchema('put', '/api/v1/dangky9279/setTrangThai/{id}').properties.trang_thai.enum).toContain('y1');
    expect(bodySchema('put', '/api/v1/mfy/setTrangThaiDuyetThongTin/{id}').required).toEqual(['trang_thai_duyet_thong_tin']);
  });
});

describe("a value that breaks a field's rule gets the service's words", () => {
  it('amounts, phones and counts', () => {
    expect(refusal(route('post', '/api/v1/mfy/updateChenhLech'), { id: ID, chenh_lech: '1,5 triệu' })).toBe('Số tiền không hợp lệ');
    expect(refusal(route('post', '/api/v1/mfy/updateChenhLech'), { id: ID, chenh_lech: '-1.500.000' })).toBe('accepted');
    expect(refusal(route('post', '/api/v1/mfy/traCuuDoiTuong'), { phone: '0912' })).toBe('Số điện thoại không hợp lệ');
    expect(refusal(route('post', '/api/v1/mesbank'), { money: '0', datetime: '24/11/2026 17:40', str_mes: 'CK' })).toBe(
      'Số tiền không hợp lệ',
    );
    expect(refusal(route('post', '/api/v1/requestrefund/assign'), [{ username: 'nv01', count: 1001 }] as never)).toBe(
      'Số yêu cầu giao cho mỗi nhân viên phải là số nguyên từ 1 đến 1000',
    );
  });
});

describe('what the document says beyond a schema', () => {
  it('names the answers only the service can give, and the rules across fields', () => {
    expect(op('put', '/api/v1/users/{id}')['x-service-refusals']).toContainEqual({
      status: 400,
      why: 'the role named does not exist (Vai trò không tồn tại)',
    });
    expect(op('post', '/api/v1/auth/saveProfile')['x-cross-field-rules']).toEqual([
      "a new password needs the old one (400 'Vui lòng nhập mật khẩu cũ')",
    ]);
    // A not_before pair is stated in words too (and on its field as x-not-before).
    expect(op('get', '/api/v1/mesbank')['x-cross-field-rules']).toEqual(
      expect.arrayContaining([expect.stringMatching(/không được trước/)]),
    );
  });
});

describe("a create's links for a stateful client", () => {
  type Linked = { responses: Record<string, { links?: Record<string, { operationId: string }> }> };
  const linksOf = (path: string) =>
    Object.values((doc.paths[path].post as unknown as Linked).responses['201'].links ?? {}).map((l) => l.operationId);

  it('lead to the created resource and what hangs below it, never to an action route that acts on an id', () => {
    const linked = linksOf('/api/v1/mesbank');
    // Read back, edited, deleted, its history: the resource itself.
    expect(linked).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/\.Update\w*$/),
        expect.stringMatching(/\.Delete\w*$/),
        expect.stringMatching(/History$/),
      ]),
    );
    // `/mesbank/deny/{id}`, `/mesbank/approve/{id}` and `/mesbank/setTrangThaiXuLy/{id}` act on it.
    const actions = routes.filter((r) => /^\/api\/v1\/mesbank\/(deny|approve|setTrangThaiXuLy)\//.test(r.path));
    expect(actions).toHaveLength(3);
    for (const a of actions) expect(linked).not.toContain(`${a.serviceFullName}.${a.rpc}`);
  });
});
