import type { AuditEntry } from '@cskh/kit/data';
import { maskReply } from '@cskh/kit/server';
import { callablePhone, mayEditRecord, presentCustomer as customer, presentRecord as record_ } from './present';
import type { CustomerDbRow } from '../store/customers';
import type { CareRecordRow } from '../store/care-records';

const record: CareRecordRow = {
  id: 'r1',
  customer_id: 'c1',
  username: 'nv1',
  fullname: 'Nhân viên 1',
  phone: '84912345678',
  package: 'V90',
  status: 'APPOINTMENT',
  appointment_at: new Date('2025-03-05T03:00:00Z'),
  note: 'gọi lại',
  created_at: new Date('2025-03-04T02:00:00Z'),
};
const now = new Date('2025-03-05T01:00:00Z');

/** What the viewer receives: the presenter, then the kit's reply step (masking, in one place for every route). */
const received = <T>(method: string, row: T, viewer: { priority: number; username: string }) =>
  (maskReply(`/cskh.care.v1.CareService/${method}`, { values: [row], count: 1 }, viewer) as { values: T[] }).values[0];
const presentRecord = (r: CareRecordRow, viewer: { priority: number; username: string }, at: Date) =>
  received('CareHistory', record_(r, viewer, at), viewer);
const presentCustomer = (c: CustomerDbRow, phone: string, priority = 0) =>
  received('ListAssigned', customer(c, phone), { priority, username: 'nv1' });
const maskedTrail = (entries: AuditEntry[], priority: number) =>
  entries.map((e) => received('CareRecordHistory', e, { priority, username: 'nv1' }));

describe('care history as each viewer sees it (spec 1 §2.9, §6)', () => {
  it('managers see the last 9 digits and the staff; salespeople a masked phone and no staff', () => {
    expect(presentRecord(record, { priority: 2, username: 'ql' }, now)).toMatchObject({
      phone: '912345678',
      username: 'nv1',
      fullname: 'Nhân viên 1',
      can_edit: true,
      hen_hom_nay: true,
      appointmentAt: '2025-03-05T10:00:00+07:00',
      careAt: '2025-03-04T09:00:00+07:00',
    });
    expect(presentRecord(record, { priority: 5, username: 'nv1' }, now)).toMatchObject({
      phone: '****45678',
      username: '',
      fullname: '',
      can_edit: true,
    });
    expect(presentRecord(record, { priority: 4, username: 'tn1' }, now)).toMatchObject({
      phone: '****45678',
      username: 'nv1',
      can_edit: false,
    });
  });

  it('the number is masked in the note and the package too, for every masked viewer', () => {
    const r = { ...record, note: 'KH 0912 345 678 hẹn gọi lại, số phụ 0987654321', package: 'V90 84912345678' };
    for (const p of [3, 4, 5])
      expect(presentRecord(r, { priority: p, username: 'nv1' }, now)).toMatchObject({
        phone: '****45678',
        note: 'KH ****45678 hẹn gọi lại, số phụ ****54321',
        package: 'V90 ****45678',
      });
    expect(presentRecord(r, { priority: 2, username: 'ql' }, now)).toMatchObject({ note: r.note, package: r.package });
  });

  it("the audit trail's values masked for masked viewers", () => {
    const e: AuditEntry = {
      id: '1',
      resource: 'care_record',
      record_id: 'r1',
      field: 'note',
      from_value: 'gọi 0912345678',
      to_value: 'xong',
      username: 'nv1',
      fullname: 'N',
      at: '',
    };
    expect(maskedTrail([e], 4)).toEqual([{ ...e, from_value: 'gọi ****45678' }]);
    expect(maskedTrail([e], 2)).toEqual([e]);
  });

  it("a masked customer's sheet columns are masked too", () => {
    const c = {
      id: 'c',
      phone: '0912345678',
      type: 'MC',
      package: 'V90',
      register_at: null,
      expired_at: null,
      package_cycle: '30',
      state: 'goi 0912345678',
      package_can_register: 'V90',
      free_cycles_left: '2',
      status: 'ASSIGNED',
      upload_id: null,
      assigned_to: 'nv1',
    } as unknown as CustomerDbRow;
    expect(presentCustomer(c, '912345678', 5)).toMatchObject({ phone: '****45678', state: 'goi ****45678' });
    expect(presentCustomer(c, '0912345678')).toMatchObject({ state: 'goi 0912345678' });
  });

  it('own records only above priority 2', () => {
    expect(mayEditRecord({ priority: 3, username: 'nv1' }, record)).toBe(true);
    expect(mayEditRecord({ priority: 3, username: 'cn1' }, record)).toBe(false);
    expect(mayEditRecord({ priority: 1, username: 'admin' }, record)).toBe(true);
  });

  it('the number to call carries its leading 0', () => {
    expect(callablePhone('84912345678')).toBe('0912345678');
    expect(callablePhone('912345678')).toBe('0912345678');
  });
});
