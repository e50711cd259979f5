import { parseDateTime, vnIsoDay } from '@cskh/kit';
import { MSG } from './messages';

/** Care results (spec 1 §4), in the dialog's order (the first is the default). */
export const CARE_RESULTS = [
  { value: 'APPROVED', label: 'Đồng ý' },
  { value: 'REJECTED', label: 'Không đồng ý' },
  { value: 'APPOINTMENT', label: 'Hẹn lại' },
  { value: 'KBM', label: 'Không bắt máy' },
  { value: 'KLLĐ', label: 'Không liên lạc được' },
  { value: 'KEEP', label: 'Dùng lại gói cũ' },
  { value: 'RE-REGISTER', label: 'Đã đăng ký lại' },
] as const;

export type CareResult = (typeof CARE_RESULTS)[number]['value'];
const RESULT_VALUES = new Set<string>(CARE_RESULTS.map((r) => r.value));
export const isCareResult = (s: string): s is CareResult => RESULT_VALUES.has(s);

export const NOTE_MAX = 2000;

export interface CareInput {
  status?: string;
  package?: string;
  appointmentAt?: string;
  note?: string;
}

export interface CareOutcome {
  status: CareResult;
  /** Only for APPROVED and APPOINTMENT. */
  package: string;
  /** Only for APPOINTMENT. */
  appointmentAt: Date | null;
  note: string;
}

/**
 * The care-result dialog's rules, on the server (spec 1 §5): a result is required; APPROVED and
 * APPOINTMENT need a (trimmed) package; APPOINTMENT needs its time; a note is required unless
 * APPROVED; the appointment time is dropped for the other results, the package too.
 */
export function checkCareResult(input: CareInput): CareOutcome | string {
  const status = (input.status ?? '').trim();
  if (!status || !isCareResult(status)) return MSG.statusRequired;
  const needsPackage = status === 'APPROVED' || status === 'APPOINTMENT';
  const pkg = (input.package ?? '').trim();
  if (needsPackage && !pkg) return MSG.packageRequired;
  let appointmentAt: Date | null = null;
  if (status === 'APPOINTMENT') {
    const raw = (input.appointmentAt ?? '').trim();
    if (!raw) return MSG.appointmentRequired;
    appointmentAt = parseDateTime(raw) ?? null;
    if (!appointmentAt) return MSG.appointmentInvalid;
  }
  const note = (input.note ?? '').trim();
  if (status !== 'APPROVED' && !note) return MSG.noteRequired;
  if (note.length > NOTE_MAX) return MSG.noteTooLong;
  return { status, package: needsPackage ? pkg : '', appointmentAt, note };
}

/** Whether an appointment falls on the Vietnam day of `now` (hen_hom_nay; today's come first). */
export const isToday = (at: Date | null | undefined, now: Date) => !!at && vnIsoDay(at) === vnIsoDay(now);
