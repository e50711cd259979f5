import { parseDateTime, vnIsoDay } from '@cskh/kit';
import { MSG } from './messages';
import { CARE_RESULTS, type CareResult } from './care-results';

// Re-exported so the rules' callers find the results beside them.
export { CARE_RESULTS, type CareResult };
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
