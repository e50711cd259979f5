import {
  AUTO_CANCEL,
  cancelDueAt,
  CANCEL_WINDOW_MS,
  COLLECTION_STATUSES,
  FORMS,
  INFO_APPROVAL_STATUSES,
  MFY_REQUEST_STATUSES,
  MFY_STATUSES,
  R9279_REQUEST_STATUSES,
  R9279_STATUSES,
  reminderFor,
  reminderText,
  requestStatusAfter,
  stateLabel,
} from './statuses';

describe('order status rules', () => {
  it('maps mfy status changes to request statuses', () => {
    expect(requestStatusAfter('mfy', 'duyet_lan_2')).toBe('cho_soan_y_lan_2');
    expect(requestStatusAfter('mfy', 'dang_cho_duyet')).toBe('cho_soan_y');
    expect(requestStatusAfter('mfy', 'dang_ky_thanh_cong')).toBe('thanh_cong');
    expect(requestStatusAfter('mfy', 'huy_qua_han')).toBe('qua_han');
    expect(requestStatusAfter('9279', 'y3')).toBe('soan_y3');
    expect(requestStatusAfter('9279', 'bi_moi')).toBe('bi_moi');
  });
  it('runs the 10-minute window only for mfy orders waiting for a Y, from the change (else creation) time', () => {
    const created = new Date('2026-01-01T00:00:00Z');
    const changed = new Date('2026-01-01T01:00:00Z');
    expect(cancelDueAt('mfy', 'cho_soan_y', null, created)?.getTime()).toBe(created.getTime() + CANCEL_WINDOW_MS);
    expect(cancelDueAt('mfy', 'cho_soan_y_lan_2', changed, created)?.getTime()).toBe(changed.getTime() + CANCEL_WINDOW_MS);
    expect(cancelDueAt('mfy', 'dang_cho_xu_ly', changed, created)).toBeNull();
    expect(cancelDueAt('9279', 'cho_soan_y', changed, created)).toBeNull();
    expect(AUTO_CANCEL.cho_soan_y).toEqual({ status: 'huy_qua_han', request: 'qua_han' });
    expect(AUTO_CANCEL.cho_soan_y_lan_2).toEqual({ status: 'huy_qua_han_lan_2', request: 'qua_han_lan_2' });
  });
  it('reminds the salesperson of a pending Y and the managers of an approval, with the spec texts', () => {
    expect(reminderFor('cho_soan_y')).toEqual({ kind: 'soan_y', to: 'staff' });
    expect(reminderFor('da_soan_y_lan_1')).toEqual({ kind: 'can_duyet', to: 'managers' });
    expect(reminderFor('thanh_cong')).toBeNull();
    expect(reminderText('soan_y', '****45678')).toBe('Đơn ****45678 đang chờ soạn Y lần 1. Vui lòng kiểm tra!');
    expect(reminderText('soan_y_lan_2', '****45678')).toBe('Đơn ****45678 đang chờ soạn Y lần 2. Vui lòng kiểm tra!');
    expect(reminderText('can_duyet', '912345678')).toBe('Đơn 912345678 cần duyệt. Vui lòng kiểm tra!');
  });
  it('names every state once, in words, and the reminders name the waiting state as the lists do', () => {
    const all = [
      MFY_STATUSES,
      MFY_REQUEST_STATUSES,
      R9279_STATUSES,
      R9279_REQUEST_STATUSES,
      COLLECTION_STATUSES,
      INFO_APPROVAL_STATUSES,
      FORMS,
    ].flat();
    for (const v of all) expect(stateLabel(v)).not.toBe(v);
    expect(stateLabel('cho_soan_y')).toBe('Chờ soạn Y lần 1');
    expect(reminderText('soan_y', '****45678')).toContain(`đang ${stateLabel('cho_soan_y').toLowerCase().replace('y lần', 'Y lần')}`);
    expect(reminderText('soan_y_lan_2', '****45678')).toContain('đang chờ soạn Y lần 2');
    expect(stateLabel('duyet')).toBe('Duyệt');
    expect(stateLabel('dang_cho_xu_ly')).toBe('Đang chờ xử lý');
  });
});
