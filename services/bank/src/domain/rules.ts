import { AppError } from '@cskh/kit';
import { isManager } from '@cskh/kit';
import { MSG } from './messages';

/**
 * The processing and approval rules of spec 1 §4, decided on the server for every caller:
 * - is_read goes 0 'Chưa xử lý' → 1 'Đã xử lý', set by priority below 3 only, and not back;
 * - phone and package are editable while is_read is 0; staff above priority 2 fill them only
 *   while empty; once the information is approved or rejected it no longer changes (the decision
 *   and the approved event name that phone and package);
 * - approve / deny: priority below 3, phone and package both filled, no approver yet.
 * Head office (the kit's isManager, priority below 3) sees and changes processing, updater and
 * approval (spec 1 §6).
 */

export const PROCESSED = 1;
export const UNPROCESSED = 0;
/** trang_thai_duyet_thong_tin: 1 approved, 2 rejected, anything else pending. */
export const APPROVED = 1;
export const REJECTED = 2;
export const PENDING = 0;

/** What the rules look at of a stored message. */
export interface MessageState {
  is_read: number;
  so_dien_thoai: string;
  goi_cuoc: string;
  trang_thai_duyet_thong_tin: number;
  username_duyet_trang_thai_duyet_thong_tin: string | null;
}

/** Only head office (priority below 3) creates, imports, processes, decides and deletes (spec 1 §6). */
export function requireManager(me: { priority: number }, msg?: string): void {
  if (!isManager(me.priority)) throw new AppError('FORBIDDEN', msg);
}

const filled = (s: string | null | undefined) => !!s && s.trim() !== '';
export const isDecided = (m: Pick<MessageState, 'username_duyet_trang_thai_duyet_thong_tin'>) =>
  filled(m.username_duyet_trang_thai_duyet_thong_tin);

/** Whether setting is_read to `next` changes anything; refuses what the rules forbid. */
export function checkProcessing(priority: number, m: Pick<MessageState, 'is_read'>, next: number): boolean {
  if (next !== UNPROCESSED && next !== PROCESSED) throw new AppError('VALIDATION', MSG.isReadInvalid);
  if (!isManager(priority)) throw new AppError('FORBIDDEN', MSG.processingForbidden);
  if (m.is_read === next) return false;
  if (m.is_read === PROCESSED) throw new AppError('PRECONDITION', MSG.alreadyProcessed);
  return true;
}

export const MAX_PACKAGE = 50;

/** A phone as typed: digits with the usual separators, 9 to 15 digits; stored trimmed. */
export function checkPhone(s: string): string {
  const v = s.trim();
  if (!v) return '';
  const digits = v.replace(/\D/g, '');
  if (!/^[\d\s+.\-()]+$/.test(v) || digits.length < 9 || digits.length > 15) throw new AppError('VALIDATION', MSG.phoneInvalid);
  return v;
}

export function checkPackage(s: string): string {
  const v = s.trim();
  if (v.length > MAX_PACKAGE) throw new AppError('VALIDATION', MSG.packageTooLong);
  return v;
}

/**
 * The phone and package after an edit (a field left out stays as it is), or an error: read-only
 * once processed or decided; staff above priority 2 may only fill an empty field.
 */
export function planContactEdit(
  priority: number,
  m: MessageState,
  edit: { so_dien_thoai?: string; goi_cuoc?: string },
): { so_dien_thoai: string; goi_cuoc: string } {
  if (m.is_read === PROCESSED) throw new AppError('PRECONDITION', MSG.readOnlyProcessed);
  if (isDecided(m)) throw new AppError('PRECONDITION', MSG.readOnlyDecided);
  const next = { so_dien_thoai: m.so_dien_thoai ?? '', goi_cuoc: m.goi_cuoc ?? '' };
  if (edit.so_dien_thoai !== undefined) {
    const phone = checkPhone(edit.so_dien_thoai);
    if (phone !== next.so_dien_thoai) {
      if (!isManager(priority) && filled(next.so_dien_thoai)) throw new AppError('FORBIDDEN', MSG.phoneFilled);
      next.so_dien_thoai = phone;
    }
  }
  if (edit.goi_cuoc !== undefined) {
    const pkg = checkPackage(edit.goi_cuoc);
    if (pkg !== next.goi_cuoc) {
      if (!isManager(priority) && filled(next.goi_cuoc)) throw new AppError('FORBIDDEN', MSG.packageFilled);
      next.goi_cuoc = pkg;
    }
  }
  return next;
}

export type Decision = 'approve' | 'deny';

/** The approval status a decision sets; refuses when the rules do not allow it. */
export function checkDecision(priority: number, m: MessageState, decision: Decision): number {
  if (!isManager(priority)) throw new AppError('FORBIDDEN', MSG.decideForbidden);
  if (isDecided(m)) throw new AppError('PRECONDITION', MSG.alreadyDecided(m.username_duyet_trang_thai_duyet_thong_tin!));
  if (!filled(m.so_dien_thoai) || !filled(m.goi_cuoc)) throw new AppError('PRECONDITION', MSG.decideNeedsInfo);
  return decision === 'approve' ? APPROVED : REJECTED;
}

/** An approved message has left as an event to refunds and payroll: it is not deleted. */
export function checkDeletable(m: Pick<MessageState, 'trang_thai_duyet_thong_tin'>): void {
  if (m.trang_thai_duyet_thong_tin === APPROVED) throw new AppError('PRECONDITION', MSG.deleteApproved);
}

/** What a viewer may do with a message now: the same rules, asked without throwing. */
export function allowedActions(priority: number, m: MessageState) {
  const editable = m.is_read !== PROCESSED && !isDecided(m);
  return {
    can_edit_phone: editable && (isManager(priority) || !filled(m.so_dien_thoai)),
    can_edit_package: editable && (isManager(priority) || !filled(m.goi_cuoc)),
    can_decide: isManager(priority) && !isDecided(m) && filled(m.so_dien_thoai) && filled(m.goi_cuoc),
    can_process: isManager(priority) && m.is_read !== PROCESSED,
  };
}
