import { isManager, seesOwnRowsOnly } from '@cskh/kit';
import { last9, vnDateTime } from '@cskh/kit';
import type { care_v1_care } from '@cskh/proto';
import type { CareRecordRow } from '../store/care-records';
import type { CustomerDbRow, UploadRow } from '../store/customers';
import { isToday } from './care-result';

/**
 * Answers as a viewer may see them. Phones are masked by the kit's reply step (every string, for
 * priority 3 and above: spec 1 §2.9); the customer a salesperson is caring for (open case,
 * appointments) is shown whole — it is the number they must call: `CareRecord.customer`, `note`
 * and `package` are declared `unmasked` in the proto for that reason.
 */

/** A nine-digit phone with its leading 0 (spec 1 §2.12). */
export const callablePhone = (phone: string) => {
  const l = last9(phone);
  return l ? `0${l}` : '';
};

/** A customer, its phone as given (the last 9 digits, or callable with its 0). */
export function presentCustomer(c: CustomerDbRow, phone: string): care_v1_care.Customer {
  return {
    id: c.id,
    phone,
    type: c.type,
    package: c.package,
    packageRegisterAt: vnDateTime(c.register_at),
    packageExpiredAt: vnDateTime(c.expired_at),
    packageCycle: c.package_cycle,
    state: c.state,
    packagesCanRegister: c.package_can_register,
    so_chu_ky_mien_phi_con_lai: c.free_cycles_left,
    status: c.status,
    upload_id: c.upload_id ?? '',
    assigned_to: c.assigned_to ?? '',
  };
}

/** The customer in care, as its caller sees it (spec 1 §3 "Customer-care record"). */
export function presentCareRecord(c: CustomerDbRow, now: Date): care_v1_care.CareRecord {
  return {
    customer: presentCustomer(c, callablePhone(c.phone)),
    status: c.status,
    note: c.care_note,
    package: c.care_package,
    appointmentAt: vnDateTime(c.appointment_at),
    hen_hom_nay: isToday(c.appointment_at, now),
  };
}

/** Who may edit a care-history record: any record below priority 3, otherwise only one's own (spec 1 §6). */
export const mayEditRecord = (viewer: { priority: number; username: string }, r: Pick<CareRecordRow, 'username'>) =>
  isManager(viewer.priority) || r.username === viewer.username;

/** A care-history row for a viewer: the last 9 digits (masked by the reply step); no staff columns for priority 5 (spec 1 §2.9, §6). */
export function presentRecord(r: CareRecordRow, viewer: { priority: number; username: string }, now: Date): care_v1_care.CareHistoryRecord {
  const staffHidden = seesOwnRowsOnly(viewer.priority);
  return {
    id: r.id,
    customer_id: r.customer_id ?? '',
    username: staffHidden ? '' : r.username,
    fullname: staffHidden ? '' : r.fullname,
    phone: last9(r.phone),
    package: r.package,
    status: r.status,
    appointmentAt: vnDateTime(r.appointment_at),
    note: r.note,
    careAt: vnDateTime(r.created_at),
    created_at: vnDateTime(r.created_at),
    hen_hom_nay: isToday(r.appointment_at, now),
    can_edit: mayEditRecord(viewer, r),
  };
}

export function presentUpload(u: UploadRow): care_v1_care.Upload {
  const total = Number(u.total);
  const used = Number(u.used);
  return {
    id: u.id,
    filename: u.filename,
    created_by: u.created_by,
    created_by_fullname: u.created_by_fullname,
    createdAt: vnDateTime(u.created_at),
    totalCustomers: total,
    used,
    remaining: total - used,
    assignable: Number(u.assignable),
  };
}
