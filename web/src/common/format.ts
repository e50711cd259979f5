import dayjs from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat';
import utc from 'dayjs/plugin/utc';

dayjs.extend(customParseFormat);
// utcOffset(minutes): audit times shown on Vietnam's clock (list/history.ts).
dayjs.extend(utc);

/** Spec formats: numbers 0,0; datetimes DD-MM-YYYY HH:mm:ss; filter dates DD/MM/YYYY. */
export const DATETIME_FORMAT = 'DD-MM-YYYY HH:mm:ss';
export const DATE_DISPLAY_FORMAT = 'DD-MM-YYYY';
export const FILTER_DATE_FORMAT = 'DD/MM/YYYY';
/** Date and time as typed and sent for a moment on Vietnam's clock (appointments, request times). */
export const FILTER_DATETIME_FORMAT = 'DD/MM/YYYY HH:mm';
export const ZERO_GUID = '00000000-0000-0000-0000-000000000000';

const numberFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/** Format like numeral's '0,0': thousands separators, no decimals. Blank stays blank. */
export function formatNumber(value: unknown): string {
  if (value === null || value === undefined || value === '') return '';
  const n = typeof value === 'number' ? value : Number(value);
  if (!Number.isFinite(n)) return String(value);
  return numberFormat.format(n);
}

/** An instant: a Date, epoch milliseconds, or an ISO text that names its zone (Z or ±hh:mm). */
const isInstant = (value: unknown) =>
  value instanceof Date ||
  typeof value === 'number' ||
  (typeof value === 'string' && /T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/i.test(value.trim()));

/**
 * A time as Vietnam's clock shows it, whatever the browser's time zone (the servers send
 * instants, e.g. '2026-11-23T17:30:00Z' is shown 24-11-2026 00:30:00). A text without a zone
 * (a bare date, a wall-clock time) is shown as written, never shifted.
 */
export function formatDateTime(value: unknown, format = DATETIME_FORMAT): string {
  if (value === null || value === undefined || value === '') return '';
  const d = dayjs(value as string | number | Date);
  if (!d.isValid()) return String(value);
  return (isInstant(value) ? d.utcOffset(VN_UTC_OFFSET_MINUTES) : d).format(format);
}

export function formatDate(value: unknown): string {
  return formatDateTime(value, DATE_DISPLAY_FORMAT);
}

/** Strictly parse a DD/MM/YYYY filter date; null when invalid. */
export function parseFilterDate(text: string) {
  const d = dayjs(text, FILTER_DATE_FORMAT, true);
  return d.isValid() ? d : null;
}

/** Strictly parse a DD/MM/YYYY HH:mm date and time; null when invalid. */
export function parseFilterDateTime(text: string) {
  const d = dayjs(text, FILTER_DATETIME_FORMAT, true);
  return d.isValid() ? d : null;
}

/**
 * A moment shown on Vietnam's clock as DD/MM/YYYY HH:mm (what the date-time inputs hold): an
 * instant (ISO with offset, epoch) is converted; a wall-clock text is read as it is.
 */
export function toVnDateTimeInput(value: unknown): string {
  if (value === null || value === undefined || value === '') return '';
  const d = dayjs(value as string | number | Date);
  if (!d.isValid()) return '';
  return (isInstant(value) ? d.utcOffset(VN_UTC_OFFSET_MINUTES) : d).format(FILTER_DATETIME_FORMAT);
}

/** Asia/Ho_Chi_Minh is UTC+7 all year. */
export const VN_UTC_OFFSET_MINUTES = 7 * 60;

/**
 * Now on Vietnam's clock, whatever the browser's time zone: the servers count days in
 * Asia/Ho_Chi_Minh, so a default "today" taken from a browser elsewhere would miss the rows made
 * after midnight in Vietnam.
 */
export const vnNow = () => dayjs().utcOffset(VN_UTC_OFFSET_MINUTES);

export function today(format = FILTER_DATE_FORMAT): string {
  return vnNow().format(format);
}

export function monthStart(format = FILTER_DATE_FORMAT): string {
  return vnNow().startOf('month').format(format);
}

/** A nine-digit phone is displayed with a leading 0. */
export function displayPhone(phone: unknown): string {
  const s = phone === null || phone === undefined ? '' : String(phone);
  return /^\d{9}$/.test(s) ? `0${s}` : s;
}

/**
 * A phone as the lookups show it: nine digits (or 84 + nine digits, as the carrier writes them)
 * get a leading 0; anything else (a masked '****12345', a short code like 9279) stays as it is.
 */
export function lookupPhone(value: unknown): string {
  const s = value === null || value === undefined ? '' : String(value).trim();
  if (/^\d{9}$/.test(s)) return `0${s}`;
  if (/^84\d{9}$/.test(s)) return `0${s.slice(2)}`;
  return s;
}

export { dayjs };

/** The name the server signs its own changes with (spec 3 §4: '__AUTO', shown grey). */
export const AUTO_USER = '__AUTO';

/** Who set a value, as a user reads it: the server's own change is 'Tự động'. */
export const whoLabel = (username: unknown): string =>
  username === AUTO_USER ? 'Tự động' : username === null || username === undefined ? '' : String(username);
