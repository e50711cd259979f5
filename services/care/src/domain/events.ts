import { randomUUID } from 'node:crypto';
import { last9, vnDateTime } from '@cskh/kit';
import type { events_v1_care } from '@cskh/proto';
import type { CareRecordRow } from '../store/care-records';

/** Kafka topics of the care service (ARCHITECTURE §4a); keys are the phone's last 9 digits. */
export const RESULT_RECORDED_TOPIC = 'cskh.care.result-recorded';
export const INVITE_REGISTERED_TOPIC = 'cskh.care.invite-registered';

/** The event a recorded care result writes to the outbox (phone as stored; consumers match by last 9). */
export function resultRecorded(r: CareRecordRow): { key: string; event: events_v1_care.CareResultRecorded } {
  return {
    key: last9(r.phone),
    event: {
      event_id: randomUUID(),
      record_id: r.id,
      customer_id: r.customer_id ?? '',
      staff: r.username,
      staff_fullname: r.fullname,
      phone: r.phone,
      result: r.status,
      package: r.package,
      appointment_at: vnDateTime(r.appointment_at),
      recorded_at: vnDateTime(r.created_at),
    },
  };
}
