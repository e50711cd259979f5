import { callablePhone, mayEditRecord, presentRecord } from './present';
import type { CareRecordRow } from '../store';

const record: CareRecordRow = {
  id: 'r1', customer_id: 'c1', username: 'nv1', fullname: 'Nhân viên 1', phone: '84912345678', package: 'V90', status: 'APPOINTMENT',
  appointment_at: new Date('2025-03-05T03:00:00Z'), note: 'gọi lại', created_at: new Date('2025-03-04T02:00:00Z'),
};
const now = new Date('2025-03-05T01:00:00Z');

describe('care history as each viewer sees it (spec 1 §2.9, §6)', () => {
  it('managers see the last 9 digits and the staff; salespeople a masked phone and no staff', () => {
    expect(presentRecord(record, { priority: 2, username: 'ql' }, now)).toMatchObject({
      phone: '912345678', username: 'nv1', fullname: 'Nhân viên 1', can_edit: true, hen_hom_nay: true,
      appointmentAt: '2025-03-05T10:00:00+07:00', careAt: '2025-03-04T09:00:00+07:00',
    });
    expect(presentRecord(record, { priority: 5, username: 'nv1' }, now)).toMatchObject({ phone: '****45678', username: '', fullname: '', can_edit: true });
    expect(presentRecord(record, { priority: 4, username: 'tn1' }, now)).toMatchObject({ phone: '****45678', username: 'nv1', can_edit: false });
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
