/**
 * Typed calls of the care service (spec 1 §7 "Customers", "Care"; spec 3 §7.1; spec 2 §2.6). The
 * server applies every rule (subtree, own records, masking, export ban) — these only carry them.
 */
import type { care_v1_care, common_v1_common } from '@cskh/proto';
import { CareService } from '../../api/gen/routes';
// The care service's own result codes and labels (that file imports nothing, so bundling it is cheap).
import { CARE_RESULTS as SERVICE_CARE_RESULTS, customerStatusLabel } from '../../../../services/care/src/domain/care-results';

export type Upload = care_v1_care.Upload;
export type CareRecord = care_v1_care.CareRecord;
export type CareHistoryRecord = care_v1_care.CareHistoryRecord;
export type NewCareReply = care_v1_care.NewCareReply;
export type BusySignalRow = care_v1_care.BusySignalRow;
export type StaffOptionList = common_v1_common.StaffOptionList;
export type Invitation = care_v1_care.Invitation;
export type InviteReply = care_v1_care.InviteReply;
export type NextDayRecord = care_v1_care.NextDayRecord;

export const UPLOAD_LIST = CareService.listUploads.url();
export const CUSTOMER_IMPORT = CareService.importCustomers;
export const APPOINTMENT_LIST = CareService.listAppointments.url();
export const CARE_HISTORY = CareService.careHistory.url();
export const BUSY_SIGNAL_RATE = CareService.busySignalRate.url();
export const INVITE = CareService.listInvitations.url();
export const NEXT_DAY = CareService.listNextDay.url();
export const NEXT_DAY_IMPORT = CareService.importNextDay;
/** The audit trails of a care record and of a next-day invitation (the lists' history dialogs). */
export const careRecordHistory = (id: string) => CareService.careRecordHistory.url({ id });
export const nextDayHistory = (id: string) => CareService.nextDayHistory.url({ id });

/** Care results, in the dialog's order: the first is the default. */
export const CARE_RESULTS = [...SERVICE_CARE_RESULTS];
export { customerStatusLabel };

export const careApi = {
  deleteUpload: (id: string) => CareService.deleteUpload({ id }),
  renameUpload: (id: string, fileName: string) => CareService.renameUpload({ id, file_name: fileName }),
  uploads: () => CareService.listUploads({ page: 1, count: 1000 }),
  countAssignable: (uploadId: string) => CareService.countAssignable({ id: uploadId }),
  assign: (uploadId: string, items: Array<{ username: string; count: number }>) => CareService.assign({ upload_id: uploadId, items }),
  staff: () => CareService.listStaff(),
  newCare: () => CareService.newCare(),
  /** The caller's open case as the server holds it (none = no `value`); takes nothing. */
  openCare: () => CareService.openCare(),
  /** 'Mời lại': a call-back customer of the caller becomes their open case again. */
  moiLai: (customerId: string) => CareService.reinviteCustomer({ id: customerId }),
  /** One customer typed in, into the caller's list of that name. */
  createCustomer: (body: { file_name: string; phone: string; type?: string; package?: string; registerAt?: string; expiredAt?: string }) =>
    CareService.createCustomer(body),
  recordCare: (customerId: string, body: { status: string; package?: string; appointmentAt?: string; note?: string }) =>
    CareService.recordCare({ id: customerId, ...body }),
  setStatus: (id: string, status: string) => CareService.setStatus({ id, status }),
  setAppointmentAt: (id: string, appointment_at: string) => CareService.setAppointmentAt({ id, appointment_at }),
  inviteTabs: () => CareService.listInviteTabs(),
  /** One invitation step, told apart by the payload: OTP request, confirm (otp + transaction id), DK/GIAHAN (command). */
  invite: (body: Partial<care_v1_care.InviteRequest>) => CareService.invite(body),
  nextDay: {
    create: (body: { phone: string; package: string; username?: string }) => CareService.createNextDay(body),
    update: (id: string, body: { phone: string; package: string; username?: string }) => CareService.updateNextDay({ id, ...body }),
    remove: (id: string) => CareService.deleteNextDay({ id }),
    setStatus: (id: string, status: number) => CareService.setNextDayStatus({ id, status }),
    /** Marks the record invited (status 1): the spec's `PUT /approve/{id}`. */
    approve: (id: string) => CareService.approveNextDay({ id }),
  },
  setNote: (id: string, note: string) => CareService.setNote({ id, note }),
};

/** 'n (p%)' of a busy-signal cell: the count and its share of the results returned ('0 (0%)' when none, spec 2 §2.6). */
export function countWithShare(count: number, total: number): string {
  if (!total) return '0 (0%)';
  const pct = Math.round((count / total) * 10000) / 100;
  return `${count} (${pct}%)`;
}
