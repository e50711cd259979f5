import * as protobuf from 'protobufjs';
import { rpcRouteInfo } from './route-info';
import { declaredMaskExceptions, maskReply, replyTypeOf } from './reply-mask';

/**
 * Generated from the protos, like the gateway's permission matrix: every routed RPC's reply, with a
 * customer's number in every string field (whole, spaced, inside text, inside a longer reference),
 * nested messages and lists included, as a branch (3), a leader (4) and a salesperson (5): no
 * string shows the number's 9 digits except the fields the proto declares `unmasked`. The rows
 * belong to someone else and offer no action, so the row-bound exceptions (own rows, a phone still
 * to fill) do not apply. Priority below 3 gets the reply as it is.
 */
const PHONE = '0977777776';
const NINE = PHONE.slice(-9);
const FORMS = [PHONE, '0977 777 776', 'Gọi 84.977.777.776 nhé', 'CK tu 0977-777-776 MXH150', '+84977777776'];
const VIEWER = { username: 'nv_khac' };

function sample(type: protobuf.Type, depth: number, n: { i: number }): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const f of type.fieldsArray) {
    const one = (): unknown => {
      if (f.type === 'string') return FORMS[n.i++ % FORMS.length];
      if (f.type === 'bool') return false;
      if (f.resolvedType instanceof protobuf.Type) return depth < 4 ? sample(f.resolvedType, depth + 1, n) : undefined;
      if (f.resolvedType instanceof protobuf.Enum) return 0;
      return f.type === 'bytes' ? Buffer.alloc(0) : 150000000;
    };
    out[f.name] = f instanceof protobuf.MapField ? { a: one(), b: one() } : f.repeated ? [one(), one()] : one();
  }
  return out;
}

/** Paths of the strings that still show the number, outside the fields in `exempt` (and below them). */
function showing(v: unknown, type: protobuf.Type, at: string, exempt: Set<string>, out: string[]) {
  if (!v || typeof v !== 'object') return;
  for (const f of type.fieldsArray) {
    if (exempt.has(`${type.fullName.slice(1)}.${f.name}`)) continue;
    const x = (v as Record<string, unknown>)[f.name];
    const values = f instanceof protobuf.MapField && x && typeof x === 'object' ? Object.values(x) : Array.isArray(x) ? x : [x];
    for (const y of values) {
      if (typeof y === 'string' && y.replace(/[ .+-]/g, '').includes(NINE)) out.push(`${at}.${f.name}: ${y}`);
      else if (f.resolvedType instanceof protobuf.Type) showing(y, f.resolvedType, `${at}.${f.name}`, exempt, out);
    }
  }
}

const routed = [...rpcRouteInfo()].filter(([, r]) => r.routed).map(([method]) => method);
const declared = declaredMaskExceptions();
const everywhere = new Set([...declared].filter(([, e]) => !e.forOwner && !e.whileTrue).map(([name]) => name));

describe('every routed reply is masked for priority 3 and above, outside the declared exceptions', () => {
  it('reads every routed RPC and its reply type', () => {
    expect(routed.length).toBeGreaterThan(250);
    for (const m of routed) expect(replyTypeOf(m)).toBeTruthy();
  });

  it.each([3, 4, 5])('priority %i: no string shows the 9 digits outside a declared exception', (priority) => {
    const leaks: string[] = [];
    for (const method of routed) {
      const type = replyTypeOf(method);
      if (!type) continue;
      const reply = sample(type, 0, { i: 0 });
      const before = JSON.stringify(reply);
      showing(maskReply(method, reply, { ...VIEWER, priority }), type, method, everywhere, leaks);
      expect(JSON.stringify(reply)).toBe(before);
    }
    expect(leaks).toEqual([]);
  });

  it.each([1, 2])('priority %i gets the reply as it is', (priority) => {
    const method = '/cskh.dataops.v1.DataopsListService/ListOtp';
    const reply = { values: [{ id: 'x', otp: '1234', str_mes: `OTP cho ${PHONE}`, phone_number: PHONE }], count: 1 };
    expect(maskReply(method, reply, { ...VIEWER, priority })).toBe(reply);
  });
});

describe('what the mask never touches, and the row-bound exceptions', () => {
  const viewer = { username: 'nv1', priority: 5 };

  it('leaves ids, dates, amounts in text and OTP codes as they are; masks the numbers beside them', () => {
    const id = '12345678-1234-4234-9234-977777776abc';
    const reply = {
      values: [
        {
          id,
          otp: '483920',
          datetime: '2026-11-28T10:20:30+07:00',
          str_mes: `Ma OTP 483920 cho ${PHONE}, phi 15000d`,
          phone_number: PHONE,
        },
      ],
      count: 1,
    };
    const [row] = (maskReply('/cskh.dataops.v1.DataopsListService/ListOtp', reply, viewer) as typeof reply).values;
    expect(row).toEqual({ ...reply.values[0], str_mes: 'Ma OTP 483920 cho ****77776, phi 15000d', phone_number: '****77776' });
  });

  it("shows the viewer's own invite-next-day rows as written, and masks others'", () => {
    const rows = [
      { id: 'a', phone: PHONE, package: `MXH ${PHONE}`, username: 'nv1', ten_nv: 'A' },
      { id: 'b', phone: PHONE, package: `MXH ${PHONE}`, username: 'nv2', ten_nv: 'B' },
    ];
    const out = maskReply('/cskh.care.v1.CareService/ListNextDay', { values: rows, count: 2 }, viewer) as { values: typeof rows };
    expect(out.values[0]).toEqual(rows[0]);
    expect(out.values[1]).toEqual({ ...rows[1], phone: '****77776', package: 'MXH ****77776' });
  });

  it('shows a bank message content as written only while the viewer may fill its phone', () => {
    const row = { id: 'm', str_mes: `CK ${PHONE} MXH150`, so_dien_thoai: '', can_edit_phone: true };
    const method = '/cskh.bank.v1.BankService/ListMessages';
    const mask = (r: typeof row) => (maskReply(method, { values: [r], count: 1 }, viewer) as { values: (typeof row)[] }).values[0];
    expect(mask(row).str_mes).toBe(row.str_mes);
    expect(mask({ ...row, can_edit_phone: false }).str_mes).toBe('CK ****77776 MXH150');
  });
});
