import { MSG } from './messages';

/**
 * 'Mời lại' (POST /api/v1/care/xacNhanMoiLai): a customer whose last result asks for
 * a call back — an appointment, no answer, unreachable — may be taken into care again by the
 * staff member who recorded it. Final results (agreed, refused, kept or re-registered, blocked)
 * are not re-opened.
 */
export const CALL_BACK_RESULTS: readonly string[] = ['APPOINTMENT', 'KBM', 'KLLĐ'];

/** Why `me` may not re-open this customer now, or '' when they may. */
export function moiLaiRefusal(customer: { status: string; taken_by: string | null }, me: string, openCaseId: string | undefined): string {
  if (customer.taken_by !== me) return MSG.notYourCustomer;
  if (!CALL_BACK_RESULTS.includes(customer.status)) return MSG.moiLaiFinal;
  if (openCaseId) return MSG.moiLaiCaseOpen;
  return '';
}
