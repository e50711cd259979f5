import { display0 } from './phone';
import type { LookupKind } from './kinds';

/**
 * noi_dung of a lookup-log row: one line per parameter the caller gave, then the route and the
 * outcome, e.g.
 *   Số điện thoại: 0912345678
 *   Loại thuê bao: MC
 *   Kênh: socket
 *   Kết quả: Thành công
 */
export function logContent(
  kind: LookupKind,
  p: Record<string, string | undefined>,
  via: 'api' | 'socket',
  outcome: { ok: true } | { ok: false; msg: string },
): string {
  const lines = [`Số điện thoại: ${kind === '9279' ? `84${display0(p.isdn).slice(1)}` : display0(p.isdn)}`];
  if (kind === 'package') {
    if (p.package_code) lines.push(`Mã gói: ${p.package_code}`);
    lines.push(`Trang: ${p.page || 1}`);
  }
  if (kind === 'info') lines.push(`Loại thuê bao: ${p.phoneType || 'MC'}`);
  if (kind === '999' && p.huong_ket_qua)
    lines.push(`Hướng: ${p.huong_ket_qua === 'I' ? 'I (đến)' : p.huong_ket_qua === 'O' ? 'O (đi)' : p.huong_ket_qua}`);
  if ((kind === '9279' || kind === '999') && (p.startDate || p.endDate)) {
    lines.push(`Từ ngày: ${p.startDate ?? ''}`);
    lines.push(`Đến ngày: ${p.endDate ?? ''}`);
  }
  lines.push(`Kênh: ${via === 'api' ? 'API' : 'socket'}`);
  lines.push(`Kết quả: ${outcome.ok ? 'Thành công' : `Lỗi - ${outcome.msg}`}`);
  return lines.join('\n');
}
