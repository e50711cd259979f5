import type { AuditEntry } from '@cskh/kit/data';
import { maskReply } from '@cskh/kit/server';
import { BankMessageRow, presentMessage as present, visibleHistory as history } from './present';

/** What the viewer receives: the presenter, then the kit's reply step (masking, in one place for every route). */
const viewer = (priority: number) => ({ priority, username: 'nv_bank' });
const presentMessage = (r: BankMessageRow, p: number, forExport = false) =>
  (
    maskReply('/cskh.bank.v1.BankService/ListMessages', { values: [present(r, p, forExport)], count: 1 }, viewer(p)) as {
      values: ReturnType<typeof present>[];
    }
  ).values[0];
const visibleHistory = (entries: AuditEntry[], p: number) =>
  (
    maskReply('/cskh.bank.v1.BankService/MessageHistory', { values: history(entries, p), count: entries.length }, viewer(p)) as {
      values: AuditEntry[];
    }
  ).values;

const row: BankMessageRow = {
  id: 'm1',
  sender: 'VPBANK',
  money: '1500000',
  datetime: new Date('2025-11-05T01:30:00Z'),
  str_mes: 'CK 0912345678',
  is_read: 1,
  so_dien_thoai: '0912345678',
  goi_cuoc: 'MXH100',
  nguoi_cap_nhat: 'quanly',
  thoi_gian_cap_nhat: new Date('2025-11-05T02:00:00Z'),
  trang_thai_duyet_thong_tin: 1,
  username_duyet_trang_thai_duyet_thong_tin: 'quanly',
  thoi_gian_duyet_trang_thai_duyet_thong_tin: new Date('2025-11-05T03:00:00Z'),
  ten_file_upload: 'f.xlsx',
  assigned_to: null,
};

describe('what a viewer sees of a message (spec 1 §2.8, §6, §9)', () => {
  it('priority below 3: the last 9 digits and every column', () => {
    const m = presentMessage(row, 2);
    expect(m).toMatchObject({
      so_dien_thoai: '912345678',
      money: 1500000,
      datetime: '2025-11-05T08:30:00+07:00',
      is_read: 1,
      nguoi_cap_nhat: 'quanly',
    });
    expect(m.trang_thai_duyet_thong_tin).toBe(1);
    expect(m.username_duyet_trang_thai_duyet_thong_tin).toBe('quanly');
    expect(m.thoi_gian_duyet_trang_thai_duyet_thong_tin).toBe('2025-11-05T10:00:00+07:00');
  });

  it('others: four stars and the last 5 digits; processing, updater and approval absent', () => {
    const m = presentMessage(row, 3);
    expect(m.so_dien_thoai).toBe('****45678');
    for (const hidden of [
      'is_read',
      'nguoi_cap_nhat',
      'trang_thai_duyet_thong_tin',
      'username_duyet_trang_thai_duyet_thong_tin',
      'thoi_gian_duyet_trang_thai_duyet_thong_tin',
    ])
      expect(m).not.toHaveProperty(hidden);
    expect(m.str_mes).toBe('CK ****45678');
  });

  it('the number is masked in the content, package and file name too, for every role the rule covers', () => {
    const r = {
      ...row,
      str_mes: '0977777776 MXH150 ck',
      so_dien_thoai: '0977777776',
      goi_cuoc: 'MXH150 0977.777.776',
      ten_file_upload: 'ck 0977777776.xlsx',
    };
    for (const p of [3, 4, 5]) {
      for (const forExport of [false, true]) {
        const m = presentMessage(r, p, forExport);
        expect(m).toMatchObject({
          so_dien_thoai: '****77776',
          str_mes: '****77776 MXH150 ck',
          goi_cuoc: 'MXH150 ****77776',
          ten_file_upload: 'ck ****77776.xlsx',
        });
      }
    }
    expect(presentMessage(r, 2)).toMatchObject({
      so_dien_thoai: '977777776',
      str_mes: '0977777776 MXH150 ck',
      goi_cuoc: 'MXH150 0977.777.776',
    });
  });

  it('a message whose phone the viewer may still fill shows its content as written on screen, masked in an export', () => {
    const open = {
      ...row,
      str_mes: '0977777776 MXH150 ck',
      so_dien_thoai: '',
      goi_cuoc: '',
      is_read: 0,
      trang_thai_duyet_thong_tin: 0,
      username_duyet_trang_thai_duyet_thong_tin: null,
    };
    expect(presentMessage(open, 5)).toMatchObject({ can_edit_phone: true, str_mes: '0977777776 MXH150 ck' });
    expect(presentMessage(open, 5, true).str_mes).toBe('****77776 MXH150 ck');
    // processed: nobody fills it any more, so it is masked
    expect(presentMessage({ ...open, is_read: 1 }, 4).str_mes).toBe('****77776 MXH150 ck');
    // filled: masked like the column
    expect(presentMessage({ ...open, so_dien_thoai: '0977777776' }, 3).str_mes).toBe('****77776 MXH150 ck');
  });

  it('the audit trail: all for seniors; phone and package only, masked and anonymous, for others', () => {
    const e = (field: string, from: string, to: string): AuditEntry => ({
      id: field,
      resource: 'bank_message',
      record_id: 'm1',
      field,
      from_value: from,
      to_value: to,
      username: 'quanly',
      fullname: 'Quản lý',
      at: '2025-11-05T10:00:00+07:00',
    });
    const trail = [
      e('trang_thai_duyet_thong_tin', '0', '1'),
      e('so_dien_thoai', '', '0912345678'),
      e('goi_cuoc', '', 'MXH100'),
      e('is_read', '0', '1'),
      e('goi_cuoc', 'MXH100', '0912345678'),
    ];
    expect(visibleHistory(trail, 1)).toEqual(trail);
    expect(visibleHistory(trail, 4)).toEqual([
      { ...trail[1], to_value: '****45678', username: '', fullname: '' },
      { ...trail[2], username: '', fullname: '' },
      { ...trail[4], to_value: '****45678', username: '', fullname: '' },
    ]);
  });
});
