import { events_v1_care, events_v1_orders, events_v1_refunds } from '@cskh/proto';
import {
  branchAverage,
  recordFromImport,
  recordFromInvite,
  recordFromOrder,
  refundClawback,
  refundFromEvent,
  showPhone,
  staffLabel,
} from './revenue';

describe('revenue records from events', () => {
  it('a confirmed invitation is a successful sale at its price, 100 % payroll revenue', () => {
    const r = recordFromInvite(
      events_v1_care.InviteRegistered.fromPartial({
        event_id: 'e1',
        invitation_id: 'inv1',
        staff: 'nv1',
        staff_fullname: 'Nhân viên 1',
        phone: '0912345678',
        package: 'mxh100',
        price: 100000,
        channel: '9332',
        request_type: 'GIAHAN',
        registered_at: '2026-11-03T09:00:00+07:00',
      }),
    );
    expect(r).toMatchObject({
      track0: 'care',
      track1: 'inv1',
      kenh: '9332',
      goi_cuoc: 'MXH100',
      doanh_thu: 100000,
      doanh_thu_tinh_luong: 100000,
      success: true,
      hinh_thuc: 'gia_han',
    });
    expect(r.ngay_thanh_cong.toISOString()).toBe('2026-11-03T02:00:00.000Z');
  });

  it('an order creates a record only when it succeeds; later changes update it', () => {
    const base = {
      event_id: 'e',
      kind: '9279',
      order_id: 'o1',
      phone: '0912345678',
      package: 'v90',
      tier: 2,
      staff_username: 'nv1',
      revenue: 90000,
      salary_ratio: 90,
      salary_revenue: 81000,
      form: 'dang_ky',
      company: 'Cty A',
      at: '2026-11-03T10:00:00+07:00',
      created_at: '2026-11-03T09:00:00+07:00',
    };
    const ok = recordFromOrder(
      events_v1_orders.OrderStatusChanged.fromPartial({ ...base, success: true, to_status: 'dang_ky_thanh_cong' }),
    );
    expect(ok.create).toBe(true);
    expect(ok.write).toMatchObject({
      track0: '9279',
      track1: 'o1',
      doanh_thu: 90000,
      ti_le_doanh_thu: 90,
      doanh_thu_tinh_luong: 81000,
      gia_ban_goi: 2,
      cty: 'Cty A',
      hinh_thuc: 'dang_ky',
    });
    const revoked = recordFromOrder(
      events_v1_orders.OrderStatusChanged.fromPartial({ ...base, success: false, to_status: 'thu_hoi', clawback: 91000 }),
    );
    expect(revoked.create).toBe(false);
    expect(revoked.write).toMatchObject({ success: false, truy_thu: 91000 });
  });

  it('a refund clawback follows the refunds service: package side refund (top-up: transfer), extra side other refund', () => {
    const r = refundFromEvent(
      events_v1_refunds.RefundChanged.fromPartial({
        request_id: 'r1',
        version: 3,
        request_type: 1,
        refund_price: 50000,
        other_refund: 20000,
        transfer_final_amount: 45000,
        trang_thai_truy_thu_hoan_theo_goi: 'truy_thu',
        trang_thai_truy_thu_hoan_them: 'binh_thuong',
        created_time: '2026-11-04T08:00:00+07:00',
      }),
    );
    expect(refundClawback(r)).toBe(50000);
    expect(refundClawback({ ...r, truy_thu_hoan_them: 'truy_thu' })).toBe(70000);
    expect(refundClawback({ ...r, request_type: 5 })).toBe(45000);
    expect(refundClawback({ ...r, truy_thu_hoan_theo_goi: 'da_truy_thu' })).toBe(0);
  });

  it('a deleted refund request is read as a tombstone that claws nothing back', () => {
    const e = {
      request_id: 'r1',
      version: 4,
      request_type: 1,
      refund_price: 50000,
      other_refund: 20000,
      trang_thai_truy_thu_hoan_theo_goi: 'truy_thu',
      trang_thai_truy_thu_hoan_them: 'truy_thu',
      created_time: '2026-11-04T08:00:00+07:00',
    };
    expect(refundFromEvent(events_v1_refunds.RefundChanged.fromPartial(e)).deleted).toBe(false);
    const gone = refundFromEvent(events_v1_refunds.RefundChanged.fromPartial({ ...e, change: 'deleted', deleted: true }));
    expect(gone).toMatchObject({ request_id: 'r1', version: 4, deleted: true });
    expect(refundClawback(gone)).toBe(0);
  });

  it('an imported row is checked again', () => {
    const good = {
      username_nv: 'nv1',
      so_dien_thoai_cs: '912345678',
      goi_cuoc: 'mxh100',
      doanh_thu: '100.000',
      ngay_thanh_cong: '03/11/2026 09:00:00',
      ti_le_doanh_thu: '50',
    };
    expect(recordFromImport(good)).toMatchObject({
      track0: 'import',
      kenh: 'import',
      doanh_thu: 100000,
      doanh_thu_tinh_luong: 50000,
      goi_cuoc: 'MXH100',
    });
    expect(recordFromImport({ ...good, username_nv: '' })).toBe('Chưa chọn nhân viên');
    expect(recordFromImport({ ...good, doanh_thu: '-5' })).toBe('Doanh thu phải là số nguyên không âm');
    expect(recordFromImport({ ...good, ngay_thanh_cong: '32/11/2026' })).toContain('Ngày thành công');
    expect(recordFromImport({ ...good, ti_le_doanh_thu: '150' })).toBe('Tỉ lệ doanh thu phải từ 0 đến 100');
  });
});

describe('report presentation rules', () => {
  it('phones: full with a leading 0 below priority 3, stars and the last 5 otherwise', () => {
    expect(showPhone('84912345678')).toBe('0912345678');
    expect(showPhone('')).toBe('');
  });
  it('branch average is provisional revenue over staff count, 0 for none', () => {
    expect(branchAverage(1_000_000, 3)).toBe(333_333);
    expect(branchAverage(1_000_000, 0)).toBe(0);
  });
  it('staff options are indented by level', () => {
    expect(staffLabel('cn1', 'Chi nhánh 1', 3)).toBe('cn1 - Chi nhánh 1');
    expect(staffLabel('td1', 'Trưởng nhóm', 4)).toBe('--td1 - Trưởng nhóm');
    expect(staffLabel('nv1', '', 5)).toBe('----nv1');
  });
});
