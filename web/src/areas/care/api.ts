/**
 * Typed calls of the care service (spec 1 §7 "Customers", "Care"; spec 3 §7.1; spec 2 §2.6). The
 * server applies every rule (subtree, own records, masking, export ban) — these only carry them.
 */
import type { care_v1_care, common_v1_common } from '@cskh/proto';
import { api } from '../../api/client';
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

export const UPLOAD_LIST = '/api/v1/upload';
export const CUSTOMER_IMPORT = '/api/v1/customer/import';
export const APPOINTMENT_LIST = '/api/v1/customer';
export const CARE_HISTORY = '/api/v1/care/history';
export const BUSY_SIGNAL_RATE = '/api/v1/tilebatso';
export const INVITE = '/api/v1/vas/mobifone/invite';
export const NEXT_DAY = '/api/v1/moigoihomsau';

/** Care results, in the dialog's order: the first is the default. */
export const CARE_RESULTS = [...SERVICE_CARE_RESULTS];
export { customerStatusLabel };

export const careApi = {
  deleteUpload: (id: string) => api.del<common_v1_common.Ack>(UPLOAD_LIST, { body: { id } }),
  renameUpload: (id: string, fileName: string) =>
    api.put<common_v1_common.Ack>(`${UPLOAD_LIST}/${encodeURIComponent(id)}`, { file_name: fileName }),
  uploads: () => api.get<care_v1_care.UploadList>(UPLOAD_LIST, { page: 1, count: 1000 }),
  countAssignable: (uploadId: string) => api.get<{ total: number }>(`/api/v1/customer/count-assign/${encodeURIComponent(uploadId)}`),
  assign: (uploadId: string, items: Array<{ username: string; count: number }>) =>
    api.post<care_v1_care.AssignReply>(`/api/v1/customer/assign?upload_id=${encodeURIComponent(uploadId)}`, items),
  staff: () => api.get<StaffOptionList>('/api/v1/care/staff'),
  newCare: () => api.get<NewCareReply>('/api/v1/customer/new-care'),
  /** The caller's open case as the server holds it (none = no `value`); takes nothing. */
  openCare: () => api.get<NewCareReply>('/api/v1/customer/open-care'),
  /** 'Mời lại': a call-back customer of the caller becomes their open case again. */
  moiLai: (customerId: string) => api.post<NewCareReply>('/api/v1/care/xacNhanMoiLai', { id: customerId }),
  /** One customer typed in, into the caller's list of that name. */
  createCustomer: (body: { file_name: string; phone: string; type?: string; package?: string; registerAt?: string; expiredAt?: string }) =>
    api.post<care_v1_care.Customer>('/api/v1/customer', body),
  recordCare: (customerId: string, body: { status: string; package?: string; appointmentAt?: string; note?: string }) =>
    api.post<care_v1_care.RecordCareReply>(`/api/v1/customer/${encodeURIComponent(customerId)}/care`, body),
  setStatus: (id: string, status: string) => api.put<CareHistoryRecord>(`${CARE_HISTORY}/setStatus/${encodeURIComponent(id)}`, { status }),
  setAppointmentAt: (id: string, appointment_at: string) =>
    api.put<CareHistoryRecord>(`${CARE_HISTORY}/setAppointmentAt/${encodeURIComponent(id)}`, { appointment_at }),
  inviteTabs: () => api.get<care_v1_care.InviteTabs>(`${INVITE}/tabs`),
  /** One invitation step, told apart by the payload: OTP request, confirm (otp + transaction id), DK/GIAHAN (command). */
  invite: (body: Partial<care_v1_care.InviteRequest>) => api.post<InviteReply>(INVITE, body),
  nextDay: {
    create: (body: { phone: string; package: string; username?: string }) => api.post<NextDayRecord>(NEXT_DAY, body),
    update: (id: string, body: { phone: string; package: string; username?: string }) =>
      api.put<NextDayRecord>(`${NEXT_DAY}/${encodeURIComponent(id)}`, body),
    remove: (id: string) => api.del<common_v1_common.Ack>(`${NEXT_DAY}/${encodeURIComponent(id)}`),
    setStatus: (id: string, status: number) => api.put<NextDayRecord>(`${NEXT_DAY}/setTrangThai/${encodeURIComponent(id)}`, { status }),
    /** Marks the record invited (status 1): the spec's `PUT /approve/{id}`. */
    approve: (id: string) => api.put<NextDayRecord>(`${NEXT_DAY}/approve/${encodeURIComponent(id)}`, {}),
  },
  setNote: (id: string, note: string) => api.put<CareHistoryRecord>(`${CARE_HISTORY}/setNote/${encodeURIComponent(id)}`, { note }),
};

/** 'n (p%)' of a busy-signal cell: the count and its share of the results returned ('0 (0%)' when none, spec 2 §2.6). */
export function countWithShare(count: number, total: number): string {
  if (!total) return '0 (0%)';
  const pct = Math.round((count / total) * 10000) / 100;
  return `${count} (${pct}%)`;
}
