import type { Request } from 'express';
import { AppError, MAX_PAGE } from '@cskh/kit';
import { collectRoutes, RouteDef } from './routes';
import { buildOpenApi } from './openapi';
import { buildRequest, checkField } from './transcode';

const routes = collectRoutes();
const route = (method: RouteDef['method'], path: string) => {
  const r = routes.find((x) => x.method === method && x.path === path);
  if (!r) throw new Error(`no route ${method} ${path}`);
  return r;
};
const fakeReq = (parts: { query?: Record<string, unknown>; body?: unknown; params?: Record<string, string> }) =>
  ({ query: parts.query ?? {}, body: parts.body, params: parts.params ?? {} }) as unknown as Request;

/** The Vietnamese msg of the VALIDATION error buildRequest throws, or the message it built. */
function transcode(r: RouteDef, parts: Parameters<typeof fakeReq>[0]): { msg: string } | { message: Record<string, unknown> } {
  try {
    return { message: buildRequest(r, fakeReq(parts)) };
  } catch (e) {
    if (e instanceof AppError && e.code === 'VALIDATION') return { msg: e.msg };
    throw e;
  }
}

const listUsers = route('get', '/api/v1/users');
const updateRole = route('put', '/api/v1/role/{id}');
const userPermissions = route('put', '/api/v1/users/{id}/permissions');
const importLogs = route('post', '/api/v1/lstracuu/import');

describe('query strings', () => {
  it('turns numbers and the spec export paging into the message', () => {
    expect(transcode(listUsers, { query: { page: '0', count: '9999999999', username: 'an' } })).toEqual({
      message: { page: 0, count: 9999999999, username: 'an' },
    });
  });

  it('drops unknown names; a number left empty in the query is refused, as the document says (a number)', () => {
    expect(transcode(listUsers, { query: { other: 'x' } })).toEqual({ message: {} });
    expect(transcode(listUsers, { query: { page: '', other: 'x' } })).toEqual({ msg: 'Giá trị của page phải là số' });
  });

  it('refuses a page that is not a number, a fraction, negative or out of bounds', () => {
    expect(transcode(listUsers, { query: { page: 'abc' } })).toEqual({ msg: 'Giá trị của page phải là số' });
    const bound = `Giá trị của page phải là số nguyên từ 0 đến ${MAX_PAGE}`;
    for (const page of ['-1', '1.5', '-1e-05', '30471631005681340', String(MAX_PAGE + 1)])
      expect(transcode(listUsers, { query: { page } })).toEqual({ msg: bound });
  });

  it('refuses a count beyond what a 64-bit field carries exactly, or negative', () => {
    const bound = `Giá trị của count phải là số nguyên từ 0 đến ${Number.MAX_SAFE_INTEGER}`;
    expect(transcode(listUsers, { query: { count: '1686853910485674707910656' } })).toEqual({ msg: bound });
    expect(transcode(listUsers, { query: { count: '-4611686018427387905' } })).toEqual({ msg: bound });
  });

  it('refuses NUL characters and lone surrogates in strings', () => {
    const permissions = route('get', '/api/v1/permission');
    expect(transcode(permissions, { query: { name: '\u0000' } })).toEqual({ msg: 'Giá trị của name chứa ký tự không hợp lệ' });
    expect(transcode(permissions, { query: { name: 'a\uD800b' } })).toEqual({ msg: 'Giá trị của name chứa ký tự không hợp lệ' });
    expect(transcode(permissions, { query: { name: 'Tra cứu 🔎' } })).toEqual({ message: { name: 'Tra cứu 🔎' } });
  });

  it('refuses a repeated key for a single value', () => {
    expect(transcode(listUsers, { query: { username: ['a', 'b'] } })).toEqual({ msg: 'Giá trị của username chỉ được gửi một lần' });
  });

  it('refuses an absurdly long string, naming the limit', () => {
    expect(transcode(listUsers, { query: { username: 'a'.repeat(501) } })).toEqual({ msg: 'Giá trị của username dài quá 500 ký tự' });
  });
});

describe('text as it arrives', () => {
  const createUser = route('post', '/api/v1/users');
  const user = {
    fullname: 'Nguyễn Văn An',
    username: 'nvan',
    password: 'Matkhau@1',
    email: 'a@x.vn',
    role: '00000000-0000-0000-0000-000000000001',
  };

  it('passes every text on in Unicode NFC, in the body and in the query', () => {
    const decomposed = 'Nguyễn Văn Ánh'.normalize('NFD');
    expect(decomposed).not.toBe('Nguyễn Văn Ánh');
    expect(transcode(createUser, { body: { ...user, fullname: decomposed } })).toEqual({
      message: expect.objectContaining({ fullname: 'Nguyễn Văn Ánh' }),
    });
    expect(transcode(listUsers, { query: { username: 'Ánh'.normalize('NFD') } })).toEqual({ message: { username: 'Ánh' } });
  });

  it('refuses bidirectional overrides and isolates in names and file names', () => {
    for (const c of ['\u202A', '\u202B', '\u202C', '\u202D', '\u202E', '\u2066', '\u2067', '\u2068', '\u2069'])
      expect(transcode(createUser, { body: { ...user, fullname: `SP ${c}gnp.exe` } })).toEqual({
        msg: expect.stringMatching(/^Giá trị của fullname chứa ký tự đảo chiều hiển thị/),
      });
    const rename = route('put', '/api/v1/upload/{id}');
    const id = '3f1c2a4e-5b6d-4e7f-8a9b-0c1d2e3f4a5b';
    expect(transcode(rename, { params: { id }, body: { file_name: 'khach\u202Eslx.exe' } })).toEqual({
      msg: expect.stringMatching(/^Giá trị của file_name chứa ký tự đảo chiều hiển thị/),
    });
  });

  it('refuses a name made of invisible characters only; plain spaces stay a blank value', () => {
    for (const fullname of ['\u200B', ' \u200B\u200C ', '\u2060\uFEFF', '\u200D\u3164'])
      expect(transcode(createUser, { body: { ...user, fullname } })).toEqual({
        msg: 'Giá trị của fullname chỉ gồm ký tự vô hình hoặc khoảng trắng: hãy nhập một tên nhìn thấy được',
      });
    expect(transcode(createUser, { body: { ...user, fullname: '   ' } })).toEqual({ msg: 'Vui lòng nhập đầy đủ: họ tên' });
    // A joiner inside a real name (an emoji sequence) is fine.
    expect(transcode(createUser, { body: { ...user, fullname: 'An 👩\u200D💻' } })).toEqual({
      message: expect.objectContaining({ fullname: 'An 👩\u200D💻' }),
    });
  });
});

describe('names in the API document', () => {
  const doc = buildOpenApi(routes) as any;
  const patternOf = (schema: any): RegExp => new RegExp((schema.anyOf?.[0] ?? schema).pattern, 'u');
  const samples = ['Nguyễn Văn An', '   ', '', 'SP \u202egnp.exe', '\u2066x\u2069', '\u200B', ' \u200B\u200C ', 'An 👩\u200D💻', '\uFEFF'];

  it('states what the gateway does with a name: the same samples allowed and refused', () => {
    const createUser = route('post', '/api/v1/users');
    const fullname = patternOf(doc.paths['/api/v1/users'].post.requestBody.content['application/json'].schema.properties.fullname);
    const base = { username: 'nvan', password: 'Matkhau@1', email: 'a@x.vn', role: '00000000-0000-0000-0000-000000000001' };
    for (const v of samples) {
      const gateway = 'message' in transcode(createUser, { body: { ...base, fullname: v } });
      expect([v, fullname.test(v)]).toEqual([v, gateway]);
    }
    const permissions = route('get', '/api/v1/permission');
    const name = patternOf(doc.paths['/api/v1/permission'].get.parameters.find((p: any) => p.name === 'name').schema);
    for (const v of samples) {
      const gateway = 'message' in transcode(permissions, { query: { name: v } });
      expect([v, name.test(v)]).toEqual([v, gateway]);
    }
  });
});

describe('money bounds', () => {
  it("refuses an amount beyond what the business allows: 1,000,000,000 đồng, as declared in the protos' field rules", () => {
    const topUp = route('post', '/api/v1/requestrefund/createNapTienChietKhau');
    // The service's own words, declared beside the field.
    expect(transcode(topUp, { body: { refund_price: 9007199254740991 } })).toEqual({ msg: 'Số tiền không hợp lệ' });
    const topUpBody = { number_phone: '0912345678', number_type: 1, package_code: 'ST90', cho_len_don: 0 };
    expect(transcode(topUp, { body: { ...topUpBody, refund_price: 1000000000 } })).toEqual({
      message: expect.objectContaining({ refund_price: 1000000000 }),
    });
    const extra = route('post', '/api/v1/requestrefund/updateTienHoanThem');
    expect(transcode(extra, { body: { other_refund: 1000000001 } })).toEqual({ msg: 'Số tiền không hợp lệ' });
    const payroll = route('put', '/api/v1/tinhluong/updateTinhLuong');
    expect(transcode(payroll, { body: { thuongLeTet: 5000000000 } })).toEqual({
      msg: 'Giá trị của thuongLeTet phải là số nguyên từ 0 đến 1000000000',
    });
  });

  it('declares a bound on every money field a route takes', () => {
    const MONEY =
      /(^|_)gia(_|$)|tien|price|refund|luong|thuong|hoaHong|thiDua|cheTai|kyQuy|baoHiem|nhanKhac|chuyen_can|phi_cong_doan_toi_da|doanh_thu|chenh_lech/i;
    const unbounded = new Set<string>();
    const walk = (fields: (typeof routes)[number]['requestFields'], types: RouteDef['types'], depth = 0) => {
      for (const f of fields) {
        if (f.type === 'TYPE_MESSAGE' && f.typeName && depth < 4)
          walk(types.messages.get(f.typeName.replace(/^\./, '')) ?? [], types, depth + 1);
        else if (/INT64|INT32|DOUBLE|FLOAT/.test(f.type) && MONEY.test(f.name) && f.rule?.max === undefined) unbounded.add(f.name);
      }
    };
    for (const r of routes) walk(r.requestFields, r.types);
    expect([...unbounded]).toEqual([]);
  });
});

describe('JSON bodies', () => {
  it('passes a well-formed body, the path parameter from the path only', () => {
    const r1 = '7d40bfdd-83e3-4cf4-b3c3-89e106cab6f9';
    expect(
      transcode(updateRole, { params: { id: r1 }, body: { id: 'other', name: 'Nhân viên', priority: 4, permissions: ['p1', 'p2'] } }),
    ).toEqual({ message: { id: r1, name: 'Nhân viên', priority: 4, permissions: ['p1', 'p2'] } });
  });

  it('refuses an object where a list of ids belongs', () => {
    expect(transcode(updateRole, { params: { id: 'r1' }, body: { permissions: {} } })).toEqual({
      msg: 'Giá trị của permissions phải là một danh sách',
    });
  });

  it('refuses wrong types inside a list, naming the element', () => {
    expect(transcode(updateRole, { body: { permissions: ['p1', { x: 1 }] } })).toEqual({
      msg: 'Giá trị của permissions[1] phải là chuỗi ký tự',
    });
    expect(transcode(updateRole, { body: { permissions: ['p1', null] } })).toEqual({
      msg: 'Giá trị của permissions[1] không được để trống',
    });
  });

  it('refuses an int32 out of range or a string where a number belongs', () => {
    const int32 = { name: 'n', type: 'TYPE_INT32', repeated: false };
    expect(() => checkField(int32, 'n', 2 ** 31, 'json', updateRole.types)).toThrow(
      'Giá trị của n phải là số nguyên từ -2147483648 đến 2147483647',
    );
    // A field rule narrows the type's range (a role's priority is 1 to 7).
    expect(transcode(updateRole, { body: { priority: 8 } })).toEqual({ msg: 'Giá trị của priority phải là số nguyên từ 1 đến 7' });
    expect(transcode(updateRole, { body: { priority: 'cao' } })).toEqual({ msg: 'Giá trị của priority phải là số' });
    expect(transcode(updateRole, { body: { priority: [1] } })).toEqual({ msg: 'Giá trị của priority phải là số' });
    expect(transcode(updateRole, { body: { name: 'Nhân viên', priority: '3' } })).toEqual({ message: { name: 'Nhân viên', priority: 3 } });
  });

  it('checks nested messages field by field, keeping only known fields', () => {
    const u1 = '11111111-2222-4333-8444-555555555555';
    expect(transcode(userPermissions, { params: { id: u1 }, body: { permissions: [{ id: 'p1', extra: 1 }] } })).toEqual({
      message: { id: u1, permissions: [{ id: 'p1' }] },
    });
    expect(transcode(userPermissions, { params: { id: 'u1' }, body: { permissions: ['AAA'] } })).toEqual({
      msg: 'Giá trị của permissions[0] phải là một đối tượng',
    });
    expect(transcode(userPermissions, { params: { id: 'u1' }, body: { permissions: [{ code: { a: 1 } }] } })).toEqual({
      msg: 'Giá trị của permissions[0].code phải là chuỗi ký tự',
    });
  });

  it('takes a list body into the route’s body field, each row checked', () => {
    expect(transcode(importLogs, { body: [{ so_dien_thoai: '0912345678', noi_dung: 'x'.repeat(600) }] })).toEqual({
      message: { rows: [{ so_dien_thoai: '0912345678', noi_dung: 'x'.repeat(600) }] },
    });
    expect(transcode(importLogs, { body: ['AAA'] })).toEqual({ msg: 'Giá trị của rows[0] phải là một đối tượng' });
    expect(transcode(listUsers, { body: [] })).toEqual({ msg: 'Dữ liệu gửi lên phải là một đối tượng JSON' });
  });

  it('reads JSON numbers sent for text fields as their text, and refuses NUL in nested text', () => {
    expect(transcode(importLogs, { body: [{ so_dien_thoai: 912345678 }] })).toEqual({
      message: { rows: [{ so_dien_thoai: '912345678' }] },
    });
    // …but not for a field with a format: its value is text.
    expect(transcode(route('post', '/api/v1/users'), { body: { phone: 912345678 } })).toEqual({
      msg: 'Giá trị của phone phải là chuỗi ký tự',
    });
    expect(transcode(importLogs, { body: [{ username: 'a\u0000' }] })).toEqual({
      msg: 'Giá trị của rows[0].username chứa ký tự không hợp lệ',
    });
  });

  it("takes a form's money input sent as a whole number for an amount, refusing a fraction or one beyond the bound", () => {
    // The price dialog's 0,0 inputs send numbers; the proto's field is text with the amount format.
    const createPrice = route('post', '/api/v1/giagoidangky9279');
    const price = { ten_goi_cuoc: 'MXH120', phi_thu_hoi: 5000, gia_t1: 120000, gia_t2: 110000, gia_t3: 100000 };
    expect(transcode(createPrice, { body: price })).toEqual({
      message: expect.objectContaining({ phi_thu_hoi: '5000', gia_t1: '120000', gia_t3: '100000' }),
    });
    // String(1.5) would read as 15: a fraction is refused, and so is an amount past 1.000.000.000.
    expect(transcode(createPrice, { body: { ...price, gia_t1: 1.5 } })).toEqual({ msg: 'Giá T1 không hợp lệ (chỉ gồm chữ số)' });
    expect(transcode(createPrice, { body: { ...price, gia_t2: 1000000001 } })).toEqual({ msg: 'Giá T2 không hợp lệ (chỉ gồm chữ số)' });
    // The document says the same: text in the format, or a whole number within the bounds.
    const doc = buildOpenApi(routes) as any;
    const gia = doc.paths['/api/v1/giagoidangky9279'].post.requestBody.content['application/json'].schema.properties.gia_t1;
    expect(gia.anyOf[1]).toEqual({ type: 'integer', minimum: 0, maximum: 1000000000 });
  });

  it('reads true/false (and 1/0) for booleans, refusing anything else', () => {
    const logs = route('get', '/api/v1/lstracuu');
    expect(transcode(logs, { query: { getAll: 'true' } })).toEqual({ message: { getAll: true } });
    expect(transcode(logs, { query: { getAll: '0' } })).toEqual({ message: { getAll: false } });
    expect(transcode(logs, { query: { getAll: 'có' } })).toEqual({ msg: 'Giá trị của getAll phải là true hoặc false' });
  });

  it('answers 404 for a path parameter that cannot name a resource (NUL, not a uuid)', () => {
    for (const id of ['\u0000', 'count-assign'])
      expect(() => transcode(route('get', '/api/v1/users/{id}'), { params: { id } })).toThrow(
        expect.objectContaining({ code: 'NOT_FOUND' }),
      );
  });
});

describe('field rules (cskh.api.field)', () => {
  const users = route('get', '/api/v1/users/{id}');

  it("takes a list route's body as a list only", () => {
    expect(transcode(importLogs, { body: { rows: [] } })).toEqual({ msg: 'Dữ liệu gửi lên phải là một danh sách JSON' });
  });

  it('reads numbers written as text only plainly, and true/false/1/0 only as booleans', () => {
    expect(transcode(updateRole, { body: { priority: '0x10' } })).toEqual({ msg: 'Giá trị của priority phải là số' });
    expect(transcode(updateRole, { body: { priority: ' 3' } })).toEqual({ msg: 'Giá trị của priority phải là số' });
    const logs = route('get', '/api/v1/lstracuu');
    expect(transcode(logs, { query: { getAll: 'TRUE' } })).toEqual({ msg: 'Giá trị của getAll phải là true hoặc false' });
  });

  it('refuses a boolean for a text field', () => {
    expect(transcode(importLogs, { body: [{ username: true }] })).toEqual({ msg: 'Giá trị của rows[0].username phải là chuỗi ký tự' });
  });

  it('checks the uuid format of an id, with upper-case hex too', () => {
    expect(transcode(users, { params: { id: '7D40BFDD-83E3-4CF4-B3C3-89E106CAB6F9' } })).toEqual({
      message: { id: '7D40BFDD-83E3-4CF4-B3C3-89E106CAB6F9' },
    });
  });
});

describe('map fields', () => {
  const saveSplit = route('post', '/api/v1/uploadchiadata/handleFileUserQuantityOption');

  it("take the spec's JSON object of key to value, each value checked as its type", () => {
    expect(transcode(saveSplit, { body: { FileName: 'f.xlsx', assigns: { nv1: 3, nv2: '0' } } })).toEqual({
      message: { FileName: 'f.xlsx', assigns: { nv1: 3, nv2: 0 } },
    });
    expect(transcode(saveSplit, { body: { FileName: 'f.xlsx', assigns: {} } })).toEqual({ message: { FileName: 'f.xlsx', assigns: {} } });
  });

  it('refuse a list, a value of the wrong type or a blank value, naming the key', () => {
    expect(transcode(saveSplit, { body: { FileName: 'f.xlsx', assigns: [{ username: 'nv1', quantity: 3 }] } })).toEqual({
      msg: 'Giá trị của assigns phải là một đối tượng',
    });
    expect(transcode(saveSplit, { body: { FileName: 'f.xlsx', assigns: { nv1: 'ba' } } })).toEqual({
      msg: 'Giá trị của assigns.nv1 phải là số',
    });
    expect(transcode(saveSplit, { body: { FileName: 'f.xlsx', assigns: { nv1: null } } })).toEqual({
      msg: 'Giá trị của assigns.nv1 không được để trống',
    });
    expect(transcode(saveSplit, { body: { FileName: 'f.xlsx', assigns: { 'a\u0000': 1 } } })).toEqual({
      msg: 'Giá trị của khoá assigns.a\u0000 chứa ký tự không hợp lệ',
    });
  });
});
