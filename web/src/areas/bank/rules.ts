/**
 * The bank screen's small rules as plain functions (unit-tested in rules.test.ts): the notices a
 * person reads about what was handed to them, and where a transfer leads (its refund request, the
 * subscriber's orders) with the filters that show it.
 */
import { formatNumber } from '../../common/format';
import type { BankMessage } from './api';

/** What someone reads on login (or reconnect) when handed messages still wait for them. */
export const pendingNotice = (n: number) => `Bạn có ${formatNumber(n)} tin nhắn ngân hàng được giao đang chờ xử lý`;

/** The digits a destination list is filtered by: the phone as this viewer sees it (9 digits, or the last 5 when masked). */
export const phoneDigits = (m: Pick<BankMessage, 'so_dien_thoai'>) => String(m.so_dien_thoai ?? '').replace(/\D/g, '');

export interface Destination {
  key: 'refund' | 'mfy' | '9279';
  label: string;
  path: string;
  listId: string;
  filters: Record<string, string>;
}

/**
 * Where a transfer leads: its refund request (the day it was made, the subscriber's number), and
 * the subscriber's Mfy and 9279 orders (any day). Only what the viewer may open.
 */
export function destinations(m: BankMessage, mayOpen: (path: string) => boolean): Destination[] {
  const phone = phoneDigits(m);
  if (!phone) return [];
  const out: Destination[] = [];
  if (m.refund_request_id && mayOpen('/app/requestrefund'))
    out.push({
      key: 'refund',
      label: `Yêu cầu hoàn tiền ngày ${m.refund_created_day}`,
      path: '/app/requestrefund',
      listId: 'requestrefund',
      filters: {
        message: phone,
        startDate: m.refund_created_day,
        endDate: m.refund_created_day,
        is_transfer: '0',
        trang_thai_giao_dich_doi_tac: '',
      },
    });
  if (mayOpen('/app/mfy'))
    out.push({
      key: 'mfy',
      label: 'Đơn Mfy của thuê bao',
      path: '/app/mfy',
      listId: 'mfy',
      filters: { phone, startDate: '', endDate: '' },
    });
  if (mayOpen('/app/dangky9279'))
    out.push({
      key: '9279',
      label: 'Đơn đăng ký 9279 của thuê bao',
      path: '/app/dangky9279',
      listId: 'dangky9279',
      filters: { phone, startDate: '', endDate: '' },
    });
  return out;
}
