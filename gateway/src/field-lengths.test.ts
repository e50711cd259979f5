/**
 * Every text field the gateway limits, sent what staff and the product really put in it: an
 * administrator's token (every permission code), notes and reasons typed at length, bank SMS
 * contents several messages long, file names as long as file systems allow, long Vietnamese names
 * and company names (also decomposed, as a Mac types them), and the cells of an imported sheet.
 * A limit that refuses one of these is a defect users meet (logout kept a session alive because
 * the token in its body was refused as too long).
 */
import { signAccessToken } from '@cskh/kit/server';
import { ALL_CODES } from '../../services/auth/src/domain/catalogue';
import { collectRoutes, FieldInfo, ProtoTypes, RouteDef } from './routes';
import { checkField } from './transcode';

const routes = collectRoutes();

/** A realistic long text: Vietnamese words repeated to `length` characters (NFC). */
function vietnamese(length: number, words: string): string {
  let s = '';
  while (s.length < length) s += (s ? ' ' : '') + words;
  return s.slice(0, length).trimEnd();
}

const adminToken = signAccessToken('a-signing-key-of-the-deployment', 43_200, {
  userId: '3f2504e0-4f89-11d3-9a0c-0305e82c3301',
  username: 'quantri.hethong',
  fullname: 'Nguyễn Thị Phương Thảo',
  roleName: 'Quản trị hệ thống',
  priority: 1,
  brandId: '',
  permissions: [...ALL_CODES],
}).token;

const NOTE = vietnamese(
  2_000,
  'Khách hẹn gọi lại sau 17 giờ, đã tư vấn gói MXH150 nhưng khách muốn so sánh với gói đang dùng của người thân.',
);
const SMS = vietnamese(
  1_600,
  'TK 0123456789 +150,000VND luc 26-11-2026 10:31:12. SD 12,345,678VND. Ref MBVCB.1234567890.0977777776 MXH150 chuyen tien.',
);
const FILE_NAME = `${vietnamese(250, 'Danh sách khách hàng chăm sóc tháng 11 năm 2026 chi nhánh Hà Nội')}.xlsx`;
const NAME = vietnamese(200, 'Công ty Trách nhiệm Hữu hạn Thương mại Dịch vụ Viễn thông Nguyễn Hoàng Bảo Ngọc Phương Nam');
const CELL = vietnamese(
  500,
  'Ghi chú từ tệp Excel của chi nhánh: khách đăng ký qua tổng đài, đã xác nhận OTP, chờ đối soát doanh thu cuối tháng.',
);

/** The kinds of text staff and the product produce, the fields that hold them, and a real value. */
const KINDS: Array<{ kind: string; fields: RegExp; value: string; decomposedToo?: boolean }> = [
  { kind: 'token', fields: /token$/i, value: adminToken },
  { kind: 'note, reason, description', fields: /^(note|ghi_chu|description|ly_do|other_reason)$/, value: NOTE, decomposedToo: true },
  { kind: 'message content', fields: /^(noi_dung|str_mes|additional_content)$/, value: SMS },
  { kind: 'file name', fields: /^(file_name|FileName|FileNames|ten_file_upload|files)$/, value: FILE_NAME, decomposedToo: true },
  {
    kind: 'person or company name',
    fields: /^(fullname|full_name|ten_nv|nguoi_lay|name|cty|ten_goi_cuoc|ten_tra_cuu|position|account)$/,
    value: NAME,
    decomposedToo: true,
  },
];

/**
 * A sheet's cell: every free text field of an import route (no format, no list of values, no own
 * limit). The file's name travels beside the rows and is checked as a file name.
 */
const isImport = (r: RouteDef) => /\/import$|\/saveFile/.test(r.path);
const isFreeText = (f: FieldInfo) =>
  f.type === 'TYPE_STRING' && !f.rule?.format && !f.rule?.one_of?.length && f.rule?.max_len === undefined && !KINDS[3].fields.test(f.name);

type Slot = { route: RouteDef; field: FieldInfo; label: string; types: ProtoTypes };

/** Every string field of every route's request, nested messages included. */
function stringFields(): Slot[] {
  const out: Slot[] = [];
  const walk = (route: RouteDef, fields: FieldInfo[], prefix: string, depth: number) => {
    for (const f of fields) {
      const label = `${prefix}${f.name}`;
      if (f.type === 'TYPE_STRING') out.push({ route, field: f, label, types: route.types });
      else if (f.type === 'TYPE_MESSAGE' && f.typeName && depth < 4) {
        const nested = route.types.messages.get(f.typeName);
        if (nested) walk(route, nested, `${label}.`, depth + 1);
      }
    }
  };
  for (const r of routes) walk(r, r.requestFields, '', 0);
  return out;
}

function refusal(slot: Slot, value: string): string | undefined {
  try {
    checkField(slot.field, slot.label, slot.field.repeated ? [value] : value, 'json', slot.types);
    return undefined;
  } catch (e) {
    return `${slot.route.method.toUpperCase()} ${slot.route.path} ${slot.label}: ${(e as { msg?: string }).msg ?? String(e)}`;
  }
}

const slots = stringFields();

describe('text fields take what users and the product really send', () => {
  it.each(KINDS)('$kind', ({ fields, value, decomposedToo }) => {
    // A field with its own declared limit (a package name's 50 or 100 characters, as its service
    // stores it) is held to that limit, stated in the document, instead.
    const mine = slots.filter(
      (s) => fields.test(s.field.name) && !s.field.rule?.format && !s.field.rule?.one_of?.length && s.field.rule?.max_len === undefined,
    );
    // The kind still names real fields (a renamed field would otherwise leave it checking nothing).
    expect(mine.length).toBeGreaterThan(0);
    const refused = mine.map((s) => refusal(s, value)).filter(Boolean);
    if (decomposedToo) refused.push(...mine.map((s) => refusal(s, value.normalize('NFD'))).filter(Boolean));
    process.stdout.write(
      `${mine.length} fields (${[...new Set(mine.map((s) => s.field.name))].join(', ')}) take a ${value.length}-character value\n`,
    );
    expect(refused).toEqual([]);
  });

  it('every free-text cell of an imported sheet takes 500 characters of Vietnamese, composed or not', () => {
    const cells = slots.filter((s) => isImport(s.route) && isFreeText(s.field));
    expect(cells.length).toBeGreaterThan(20);
    const refused = cells.flatMap((s) => [refusal(s, CELL), refusal(s, CELL.normalize('NFD'))]).filter(Boolean);
    expect(refused).toEqual([]);
  });

  it('an administrator token is longer than the general limit: the case that kept sessions alive', () => {
    expect(adminToken.length).toBeGreaterThan(1_000);
    const logout = slots.find((s) => s.route.path === '/api/v1/auth/logout' && s.field.name === 'accessToken')!;
    expect(refusal(logout, adminToken)).toBeUndefined();
  });

  it('still refuses what no user produces, with a Vietnamese msg', () => {
    const note = slots.find((s) => s.field.name === 'note' && s.field.rule?.max_len === undefined)!;
    expect(refusal(note, 'a'.repeat(2_001))).toMatch(/note dài quá 2000 ký tự$/);
    const username = slots.find((s) => s.route.path === '/api/v1/users' && s.route.method === 'post' && s.field.name === 'username')!;
    expect(refusal(username, 'a'.repeat(5_000))).toMatch(/dài quá 255 ký tự$/);
  });
});
