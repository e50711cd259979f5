/**
 * The row-history dialog's rules as plain functions: how one audit entry (cskh.common.v1.AuditEntry,
 * served at `GET …/{id}/history`, newest first) is shown — Vietnam time, who, the field's label,
 * from → to with the screen's value labels.
 */
import type { common_v1_common } from '@cskh/proto';
import { dayjs, DATETIME_FORMAT, VN_UTC_OFFSET_MINUTES } from '../common/format';
import type { ColumnDef, HistoryConfig } from './types';

/** One change of one field, as the services send it (the proto's message, typed once). */
export type AuditEntry = common_v1_common.AuditEntry;

export interface HistoryLine {
  key: string;
  time: string;
  who: string;
  field: string;
  /** The raw field name (data-field of the row). */
  fieldName: string;
  from: string;
  to: string;
}

export const HISTORY_PAGE_SIZES = [10, 25];
export const HISTORY_EMPTY = 'Chưa có thay đổi nào';
/** Shown for a blank from/to value. */
export const BLANK_VALUE = '—';

// Vietnam keeps +07:00 all year: the audit time is shown on Vietnam's clock whatever the
// browser's zone (spec: display times DD-MM-YYYY HH:mm:ss).

/** An ISO-8601 instant as DD-MM-YYYY HH:mm:ss on Vietnam's clock; anything unparsable as it came. */
export function formatVnDateTime(iso: string): string {
  if (!iso) return '';
  const d = dayjs(iso);
  return d.isValid() ? d.utcOffset(VN_UTC_OFFSET_MINUTES).format(DATETIME_FORMAT) : iso;
}

/** 'Họ tên (username)', or whichever of the two there is. */
export function actorOf(e: Pick<AuditEntry, 'username' | 'fullname'>): string {
  const name = (e.fullname ?? '').trim();
  const user = (e.username ?? '').trim();
  if (name && user && name !== user) return `${name} (${user})`;
  return name || user;
}

/** A stored value as the screen names it (value labels per field); blank, or labelled blank, as '—'. */
export function displayValue(field: string, value: string, valueLabels?: HistoryConfig['valueLabels']): string {
  const v = value ?? '';
  const shown = valueLabels?.[field]?.[v] ?? v;
  return shown === '' ? BLANK_VALUE : shown;
}

/** The dialog's lines, in the server's order (newest first). */
export function historyLines(entries: AuditEntry[], opts: Pick<HistoryConfig, 'fieldLabels' | 'valueLabels'> = {}): HistoryLine[] {
  return entries.map((e) => ({
    key: e.id,
    time: formatVnDateTime(e.at),
    who: actorOf(e),
    field: opts.fieldLabels?.[e.field] ?? e.field,
    fieldName: e.field,
    from: displayValue(e.field, e.from_value, opts.valueLabels),
    to: displayValue(e.field, e.to_value, opts.valueLabels),
  }));
}

/**
 * The columns a list shows, with an actions column added at the end when the history action
 * needs one and none is showing (e.g. a list whose actions are for seniors only).
 */
export function withActionsColumn<R>(visible: ColumnDef<R>[], needed: boolean): ColumnDef<R>[] {
  if (!needed || visible.some((c) => c.kind === 'actions')) return visible;
  return [...visible, { field: '__actions', headerName: 'Thao tác', kind: 'actions', width: 80, export: false }];
}
