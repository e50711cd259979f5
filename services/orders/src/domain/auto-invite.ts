import type { OrderRow } from './present';

/**
 * 'Mời tự động' (spec 3 §7.8 moiTuDong) as a request to the care service's invitation channel
 * (care's Invite RPC). The order is already agreed with the customer, so no one-time code is asked
 * for: it uses care's direct-registration channel (`dk`, spec 2 §2.1), registering the order's
 * package — a 9279 renewal order (`gia_han`) renews it (GIAHAN), every other order registers (DK).
 */
export interface AutoInviteRequest {
  type: 'dk';
  phone: string;
  package: string;
  command: 'DK' | 'GIAHAN';
}

export function autoInviteRequest(o: Pick<OrderRow, 'so_dien_thoai' | 'ma_goi' | 'hinh_thuc'>): AutoInviteRequest {
  return { type: 'dk', phone: o.so_dien_thoai, package: o.ma_goi, command: o.hinh_thuc === 'gia_han' ? 'GIAHAN' : 'DK' };
}

/**
 * Care's answer as the order screens show it (spec 3 §8: "[Thông báo từ '{channel}']", the
 * message, and the status in parentheses unless Unknown): the channel the invitation went
 * through, care's message, and the carrier's result code.
 */
export function autoInviteReply(r: { msg?: string; invitation?: { type?: string; resultCodeMO?: string } }): {
  result: string;
  mes: string;
  channel: string;
  status: string;
} {
  return { result: 'success', mes: r.msg ?? '', channel: r.invitation?.type || 'dk', status: r.invitation?.resultCodeMO || 'Unknown' };
}
