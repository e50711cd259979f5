import type { AuditEntry } from '@cskh/kit/data';
import { maskReply } from '@cskh/kit/server';
import { OrderRow, presentOrder as present, visibleOrderTrail as trailOf } from './present';

/** What the viewer receives: the presenter, then the kit's reply step (masking, in one place for every route). */
const received = <T>(method: string, values: T[], priority: number) =>
  (
    maskReply(`/cskh.orders.v1.OrderService/${method}`, { values, count: values.length }, { priority, username: 'nv_xem' }) as {
      values: T[];
    }
  ).values;
const presentOrder = (r: OrderRow, p: number) => received('ListOrders', [present(r, p)], p)[0];
const visibleOrderTrail = (entries: AuditEntry[], p: number) => received('OrderHistory', trailOf(entries, p), p);

const order = {
  id: 'o1',
  kind: 'mfy',
  so_dien_thoai_chu: '0988888886',
  so_dien_thoai: '0977777776',
  ma_goi: 'MXH150 0977777776',
  gia_ban_goi: 1,
  username_nv: 'nv1',
  ten_nv: 'NV 1',
  trang_thai_yeu_cau: 'cho_duyet',
  trang_thai: 'dang_cho_duyet',
  thoi_diem_thay_doi_trang_thai: null,
  username_thay_doi_trang_thai: null,
  trang_thai_thu_tien: 'chua_thu',
  thoi_diem_thay_doi_trang_thai_thu_tien: null,
  username_thay_doi_trang_thai_thu_tien: null,
  trang_thai_duyet_thong_tin: '',
  thoi_diem_duyet_thong_tin: null,
  username_duyet_trang_thai_duyet_thong_tin: null,
  doanh_thu: '0',
  chenh_lech: '0',
  ti_le_doanh_thu: '0',
  ti_le_doanh_thu_tinh_luong: '0',
  doanh_thu_tinh_luong: '0',
  truy_thu: '0',
  cty: 'Cty',
  note: 'KH 0977777776 chủ 0988888886',
  hinh_thuc: 'dang_ky',
  created_time: new Date('2025-03-04T02:00:00Z'),
  cancel_due_at: null,
  created_at: new Date('2025-03-04T02:00:00Z'),
} as OrderRow;

const strings = (o: object) => Object.values(o).filter((v): v is string => typeof v === 'string');

describe('an order as each viewer sees it', () => {
  it('priority 3 and above: no text of the row holds the subscriber or owner number', () => {
    for (const p of [3, 4, 5]) {
      const o = presentOrder(order, p);
      expect(o).toMatchObject({ so_dien_thoai: '****77776', ma_goi: 'MXH150 ****77776' });
      for (const s of strings(o)) for (const nine of ['977777776', '988888886']) expect(s.replace(/\D/g, '')).not.toContain(nine);
    }
  });

  it('managers see everything as written', () => {
    expect(presentOrder(order, 2)).toMatchObject({
      so_dien_thoai: '977777776',
      so_dien_thoai_chu: '0988888886',
      ma_goi: order.ma_goi,
      note: order.note,
    });
  });

  it('the audit trail: all for managers; for others no owner phone, company or note changes, phones masked', () => {
    const e = (field: string, from: string, to: string): AuditEntry => ({
      id: field,
      resource: 'mfy',
      record_id: 'o1',
      field,
      from_value: from,
      to_value: to,
      username: 'ql',
      fullname: 'QL',
      at: '',
    });
    const trail = [
      e('so_dien_thoai', '0912345678', '0977777776'),
      e('note', '', 'goi 0977777776'),
      e('so_dien_thoai_chu', '', '0988888886'),
      e('cty', '', 'X'),
      e('trang_thai', 'a', 'b'),
    ];
    expect(visibleOrderTrail(trail, 1)).toEqual(trail);
    expect(visibleOrderTrail(trail, 4)).toEqual([{ ...trail[0], from_value: '****45678', to_value: '****77776' }, trail[4]]);
  });
});
