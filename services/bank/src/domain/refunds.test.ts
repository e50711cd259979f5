import { packageKey, refundFor, refundRefOf, type RefundRef } from './refunds';

const at = (s: string) => new Date(s);
const ref = (over: Partial<RefundRef>): RefundRef => ({
  request_id: 'r',
  phone9: '912345678',
  package_key: 'MXH100',
  request_type: 5,
  request_method: 0,
  refund_price: 100000,
  transfer_final_amount: 90000,
  ti_le_chiet_khau: 10,
  trang_thai_truy_thu_hoan_theo_goi: 'binh_thuong',
  trang_thai_truy_thu_hoan_them: 'binh_thuong',
  created_time: at('2026-11-20T08:00:00+07:00'),
  ...over,
});
const transfer = { so_dien_thoai: '0912345678', goi_cuoc: 'mxh 100', money: '90000', datetime: at('2026-11-21T09:00:00+07:00') };

describe('the refund request a transfer belongs to', () => {
  it('needs the same subscriber, and the same package when the message names one', () => {
    expect(refundFor({ ...transfer, so_dien_thoai: '' }, [ref({})])).toBeUndefined();
    expect(refundFor(transfer, [ref({ phone9: '912345679' })])).toBeUndefined();
    expect(refundFor(transfer, [ref({ package_key: 'V90' })])).toBeUndefined();
    expect(refundFor(transfer, [ref({ request_id: 'a' })])?.request_id).toBe('a');
    // No package on the message yet: any package of that subscriber.
    expect(refundFor({ ...transfer, goi_cuoc: '' }, [ref({ request_id: 'b', package_key: 'V90' })])?.request_id).toBe('b');
  });

  it('prefers the amount due equal to the amount paid, then a request made before the transfer, then the newest', () => {
    const due = ref({ request_id: 'due', transfer_final_amount: 90000, created_time: at('2026-11-01T08:00:00+07:00') });
    const other = ref({ request_id: 'other', transfer_final_amount: 50000, created_time: at('2026-11-21T08:00:00+07:00') });
    expect(refundFor(transfer, [other, due])?.request_id).toBe('due');
    const before = ref({ request_id: 'before', transfer_final_amount: 1, created_time: at('2026-11-10T08:00:00+07:00') });
    const after = ref({ request_id: 'after', transfer_final_amount: 1, created_time: at('2026-11-22T08:00:00+07:00') });
    expect(refundFor(transfer, [after, before])?.request_id).toBe('before');
    const older = ref({ request_id: 'older', created_time: at('2026-11-10T08:00:00+07:00') });
    const newer = ref({ request_id: 'newer', created_time: at('2026-11-15T08:00:00+07:00') });
    expect(refundFor(transfer, [older, newer])?.request_id).toBe('newer');
  });

  it('reads the refunds event as the read model stores it', () => {
    const r = refundRefOf({
      event_id: 'e',
      request_id: 'x',
      version: 3,
      staff_username: 'nv',
      phone: '0912 345 678',
      package_code: ' mxh 100 ',
      request_type: 5,
      request_method: 1,
      refund_price: 100000,
      other_refund: 0,
      transfer_final_amount: 90000,
      chenh_lech: 0,
      ti_le_chiet_khau: 10,
      trang_thai_truy_thu_hoan_theo_goi: 'truy_thu',
      trang_thai_truy_thu_hoan_them: '',
      created_time: '2026-11-20T08:00:00+07:00',
      change: 'created',
      changed_by: 'nv',
      deleted: false,
    });
    expect(r).toMatchObject({
      request_id: 'x',
      version: 3,
      phone9: '912345678',
      package_key: 'MXH100',
      refund_price: 100000,
      deleted: false,
    });
    expect(r.created_time.toISOString()).toBe('2026-11-20T01:00:00.000Z');
    expect(packageKey(' a b ')).toBe('AB');
  });
});
