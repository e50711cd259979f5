import type { AuditEntry } from '@cskh/kit/data';
import { maskReply } from '@cskh/kit/server';
import { presentRequest as present, RequestRow, visibleTrail as trailOf } from './present';

/** What the viewer receives: the presenter, then the kit's reply step (masking, in one place for every route). */
const received = <T>(method: string, values: T[], viewer: { priority: number; username: string }) =>
  (maskReply(`/cskh.refunds.v1.RefundsService/${method}`, { values, count: values.length }, viewer) as { values: T[] }).values;
const presentRequest = (r: RequestRow, viewer: { priority: number; username: string }) =>
  received('ListRequests', [present(r, viewer)], viewer)[0];
const visibleTrail = (entries: AuditEntry[], priority: number) =>
  received('RequestHistory', trailOf(entries, priority), { priority, username: 'x' });

const row = {
  id: 'r1',
  staff_username: 'nv1',
  staff_fullname: 'NV 1',
  number_phone: '0977777776',
  number_type: 1,
  package_code: 'MXH150',
  request_type: 1,
  request_method: 1,
  refund_price: '150000',
  other_refund: '0',
  other_reason: 'KH 0977 777 776 xin hoàn thêm',
  ti_le_chiet_khau: '0',
  transfer_final_amount: '0',
  tien_hoan_sau_chiet_khau: null,
  chenh_lech: '0',
  username_cap_nhat_chenh_lech: '',
  tien_trinh_nap: '',
  created_time: new Date('2025-03-04T02:00:00Z'),
  kenh_doi_tac: 'khong_qua_api',
  trang_thai_key: 'hoan_tien',
  trang_thai_giao_dich_doi_tac: 'Thuê bao 84977777776 đang bị khóa',
  ma_trang_thai_giao_dich_doi_tac: null,
  partner_state: 'answered',
  partner_attempts: 1,
  partner_message: '',
  partner_status: '',
  is_transfer: 0,
  username_duyet_trang_thai_chuyen_khoan: '',
  approver: '',
  status_duyet_don: 0,
  trang_thai_duyet_hoan_goi: 0,
  username_duyet_trang_thai_duyet_hoan_goi: '',
  trang_thai_truy_thu_hoan_theo_goi: 'binh_thuong',
  trang_thai_truy_thu_hoan_them: 'binh_thuong',
  username_duyet_trang_thai_truy_thu_hoan_theo_goi: '',
  username_duyet_trang_thai_truy_thu_hoan_them: '',
  millisecond_created_at: '1',
  cho_len_don: 0,
  linked_id: null,
  bank_transfer_id: null,
  created_by: 'nv1',
  version: '1',
} as RequestRow;

describe('a refund request as each viewer sees it', () => {
  it('priority 3 and above: the number masked in every text of the row, the transfer note included', () => {
    for (const [priority, username] of [
      [3, 'cn1'],
      [4, 'tn1'],
      [5, 'nv1'],
    ] as const) {
      const r = presentRequest(row, { priority, username });
      expect(r).toMatchObject({
        number_phone: '****77776',
        other_reason: 'KH ****77776 xin hoàn thêm',
        trang_thai_giao_dich_doi_tac: 'Thuê bao ****77776 đang bị khóa',
        package_code: 'MXH150',
      });
      for (const v of Object.values(r)) if (typeof v === 'string') expect(v.replace(/\D/g, '')).not.toContain('977777776');
    }
    expect(presentRequest(row, { priority: 5, username: 'nv1' }).noi_dung_chuyen_khoan).toBe('****77776 MXH150');
  });

  it('priority below 3 sees the texts as written and the whole transfer note', () => {
    expect(presentRequest(row, { priority: 2, username: 'ql' })).toMatchObject({
      number_phone: '977777776',
      other_reason: row.other_reason,
      noi_dung_chuyen_khoan: '0977777776 MXH150',
    });
  });

  it('the audit trail masks the values for masked viewers only', () => {
    const e: AuditEntry = {
      id: '1',
      resource: 'refund_request',
      record_id: 'r1',
      field: 'other_reason',
      from_value: '',
      to_value: 'goi 0977777776',
      username: 'ql',
      fullname: 'QL',
      at: '',
    };
    expect(visibleTrail([e], 4)).toEqual([{ ...e, to_value: 'goi ****77776' }]);
    expect(visibleTrail([e], 1)).toEqual([e]);
    // The discounted amount's changes stay with priority below 3 too.
    const sau = { ...e, field: 'tien_hoan_sau_chiet_khau', from_value: '90000', to_value: '45000' };
    expect(visibleTrail([e, sau], 3).map((x) => x.field)).toEqual([e.field]);
    expect(visibleTrail([e, sau], 2)).toEqual([e, sau]);
  });
});
