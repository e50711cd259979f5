import { RMSG } from './messages';

/**
 * Deleting a refund or top-up request ('Xác nhận xoá bản ghi', spec 2 §5, §7 DELETE /{id}). The
 * spec shows only the call and its prompt; our rules (services/refunds/README.md, "Deletion"):
 * managers only, as every other change of a request (priority above 2 is read-only, spec 2 §6);
 * never while a card gateway's answer is awaited (the partner may still pay: the request is the
 * only record of it and of its retry key); never once a clawback was collected from the staff
 * member (`da_truy_thu`: the request is the basis of money already taken — a manager who gave it
 * back sets 'Bình thường' first, audited, then deletes).
 * Returns the refusal, or null when the request may go.
 */
export function deletionRefusal(
  r: { partner_state: string; trang_thai_truy_thu_hoan_theo_goi: string; trang_thai_truy_thu_hoan_them: string },
  viewerPriority: number,
): string | null {
  if (viewerPriority >= 3) return RMSG.deleteForbidden;
  if (r.partner_state === 'pending' || r.partner_state === 'unknown') return RMSG.deleteWhilePartner;
  if (r.trang_thai_truy_thu_hoan_theo_goi === 'da_truy_thu' || r.trang_thai_truy_thu_hoan_them === 'da_truy_thu')
    return RMSG.deleteAfterClawback;
  return null;
}

/** The audit entry's "from" of a deleted request: what it was, so the trail keeps it (masked on read as every value). */
export function deletedSummary(r: {
  staff_username: string;
  number_phone: string;
  package_code: string;
  request_type: number;
  refund_price: string | number;
  other_refund: string | number;
  trang_thai_truy_thu_hoan_theo_goi: string;
  trang_thai_truy_thu_hoan_them: string;
}): string {
  return [
    `nhân viên ${r.staff_username}`,
    `số ${r.number_phone}`,
    `gói ${r.package_code}`,
    `yêu cầu ${r.request_type}`,
    `số tiền ${Number(r.refund_price)}`,
    `hoàn thêm ${Number(r.other_refund)}`,
    `truy thu ${r.trang_thai_truy_thu_hoan_theo_goi}/${r.trang_thai_truy_thu_hoan_them}`,
  ].join(', ');
}
