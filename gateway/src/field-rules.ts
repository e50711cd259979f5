import { messageTypes, optionOf } from '@cskh/kit/server';

/**
 * The `(cskh.api.field)` option of a request field (proto/cskh/api/options.proto): the rules the
 * gateway enforces and the OpenAPI document states. One definition of each format below serves
 * both, so the document and the check cannot disagree.
 */
export interface FieldRule {
  required?: boolean;
  min_len?: number;
  max_len?: number;
  format?: FormatName;
  min?: number;
  max?: number;
  one_of?: string[];
  not_before?: string;
  msg?: string;
  invalid_msg?: string;
}

// Years 1900–9999, as the kit's day parsing takes them.
const YEAR = '(?:19|[2-9][0-9])[0-9][0-9]';
const LEAP_YEAR = '(?:(?:19|[2-9][0-9])(?:0[48]|[2468][048]|[13579][26])|(?:[2468][048]|[3579][26])00)';
/** D/M/YYYY with the given separator pattern (leading zeros optional), a day that exists: 31/04 and 29/02 of a common year do not. */
const dmy = (sep: string) =>
  `(?:(?:(?:0?[1-9]|1[0-9]|2[0-8])${sep}(?:0?[1-9]|1[0-2])|(?:29|30)${sep}(?:0?[13-9]|1[0-2])|31${sep}(?:0?[13578]|1[02]))${sep}` +
  YEAR +
  `|29${sep}0?2${sep}${LEAP_YEAR})`;
/** DD/MM/YYYY. */
const DAY = dmy('/');
/** YYYY-MM-DD, the layout the web's in-cell date-time editor sends. */
const ISO_DAY =
  `(?:${YEAR}-(?:(?:0[1-9]|1[0-2])-(?:0[1-9]|1[0-9]|2[0-8])|(?:0[13-9]|1[0-2])-(?:29|30)|(?:0[13578]|1[02])-31)` + `|${LEAP_YEAR}-02-29)`;
/** What JavaScript's trim() and \\s take for white space, spelt out so that any regex engine reads it alike. */
export const JS_SPACE = '\\t\\n\\u000b\\f\\r \\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000\\ufeff';
/** Bidirectional embeddings, overrides (U+202A–U+202E) and isolates (U+2066–U+2069), as a character-class body. */
export const BIDI_CHARS = '\\u202A-\\u202E\\u2066-\\u2069';
/** Characters that show nothing: zero-width spaces and joiners, direction marks, word joiner, BOM, soft hyphen, fillers. */
export const INVISIBLE_CHARS = '\\u200B-\\u200F\\u2060-\\u2064\\uFEFF\\u180E\\u00AD\\u115F\\u1160\\u3164';
/** What a name may never hold (transcode.ts refuses it, the OpenAPI document states it). */
export const NAME_BARRED = `\\u0000${BIDI_CHARS}`;
// One space, dot or dash between digits (what a sheet or a person types; the kit's isPhone takes
// runs of them too, which no one types and the services store as sent).
const SEP = '[ .-]?';
// Eight more digits, separators allowed between them.
const EIGHT = `(?:${SEP}[0-9]){8}`;
/** What trim() takes away around a value. */
const PAD = `[${JS_SPACE}]*`;
/**
 * A date-time as the kit's parseDateTime reads it (imports, the bank's transfers, a request's
 * created time, an appointment): D/M/YYYY or D-M-YYYY with an optional H:mm[:ss], YYYY-MM-DD with an
 * optional HH:mm[:ss], or ISO-8601 with an offset; spaces around it are trimmed.
 */
const dateTime = (dmySep: string) =>
  `${PAD}(?:${dmy(dmySep)}(?:[ T](?:[01]?[0-9]|2[0-3]):[0-5][0-9](?::[0-5][0-9])?)?` +
  `|${ISO_DAY}(?:[ T](?:[01][0-9]|2[0-3]):[0-5][0-9](?::[0-5][0-9])?)?` +
  `|${ISO_DAY}T(?:[01][0-9]|2[0-3]):[0-5][0-9](?::[0-5][0-9](?:\\.[0-9]+)?)?(?:Z|[+-](?:[01][0-9]|2[0-3]):?[0-5][0-9]))${PAD}`;
// Thousands separators as the services strip them from an amount: any white space, dots, commas.
const GAP = `[${JS_SPACE}.,]*`;
/**
 * A whole amount in đồng as staff type it, up to 1.000.000.000 (the services' ceiling): digits with
 * any separators among them ('1.500.000', '1,500,000', '1 500 000'), leading zeros, spaces around.
 */
const UP_TO_BILLION = (zero: boolean) => `${GAP}(?:0${GAP})*(?:${zero ? '0|' : ''}[1-9](?:${GAP}[0-9]){0,8}|1(?:${GAP}0){9})${GAP}`;
/** The unit the bank's parseMoney drops after the digits: đ, vnd or vnđ in any case (separators between). */
const DONG = `(?:[đĐ]|[vV]${GAP}[nN]${GAP}[dDđĐ])${GAP}`;

export const FORMATS = {
  uuid: { pattern: '[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}', says: 'một mã (uuid)' },
  day: { pattern: DAY, says: 'một ngày DD/MM/YYYY' },
  // A pay month: years 2000–9999, as payroll reads them.
  month: { pattern: '(?:0?[1-9]|1[0-2])/(?:20|[3-9][0-9])[0-9][0-9]', says: 'một tháng MM/YYYY' },
  datetime: { pattern: dateTime('[/-]'), says: 'thời gian DD/MM/YYYY HH:mm:ss (giờ có thể bỏ trống)' },
  // An order's date (orders' parseOrderDate): a datetime, or D.M.YYYY with an optional time.
  order_datetime: { pattern: `${dateTime('[/-]')}|${dateTime('\\.')}`, says: 'ngày DD/MM/YYYY (có thể kèm giờ)' },
  // As the services read a phone: any text with at least 9 digits, of which the last 9 count.
  phone: { pattern: '(?:[^0-9\\u0000]*[0-9]){9}[^\\u0000]*', says: 'một số điện thoại (ít nhất 9 chữ số)' },
  // A Vietnamese mobile as care and dataops take it: 9 digits (no leading 0), 10 (0 then not 0) or
  // 11 (84 then not 0), one space, dot or dash allowed between digits, an optional leading +.
  vn_mobile: {
    pattern: `(?:\\+${SEP})?(?:0${SEP}|8${SEP}4${SEP})?[1-9]${EIGHT}${SEP}`,
    says: 'một số di động Việt Nam',
  },
  // Nine digits after an optional 0, 84 or +84, as the carrier's invitations take a subscriber.
  subscriber: { pattern: `(?:0|8${SEP}4|\\+8${SEP}4)?(?:${SEP}[0-9]){9}`, says: 'một số thuê bao (9 chữ số sau 0, 84 hoặc +84)' },
  // A phone as refunds and bank take it: 9 to 15 digits among white space, +, dots, dashes and brackets.
  phone_digits: { pattern: `(?:[${JS_SPACE}+.()-]*[0-9]){9,15}[${JS_SPACE}+.()-]*`, says: 'một số điện thoại (9 đến 15 chữ số)' },
  digits: { pattern: '[0-9]+', says: 'chỉ gồm chữ số' },
  // As orders' parseAmount reads it.
  amount: { pattern: UP_TO_BILLION(true), says: 'một số tiền từ 0 đến 1.000.000.000' },
  // As the bank's parseMoney reads a transfer: above 0, the unit đ / vnd after it allowed.
  positive_amount: { pattern: `${UP_TO_BILLION(false)}(?:${DONG})?`, says: 'một số tiền từ 1 đến 1.000.000.000' },
  // A pay ratio in percent as a manager types it (comma or dot decimals), or -1: use the revenue ratio.
  // As orders' parseRatio reads it (a comma for the decimal point, leading zeros, spaces around).
  salary_ratio: {
    pattern: `${PAD}(?:-0*1(?:[.,]0*)?|\\+?0*(?:[0-9]{1,3}(?:[.,][0-9]*)?|1000(?:[.,]0*)?|[.,][0-9]+))${PAD}`,
    says: 'một tỉ lệ từ 0 đến 1000, hoặc -1',
  },
  // As orders' parseSignedAmount reads it: a minus first, then an amount.
  signed_amount: { pattern: `${PAD}-?${UP_TO_BILLION(true)}`, says: 'một số tiền (có thể âm) không quá 1.000.000.000' },
  // A name without white space (usernames).
  token: { pattern: `[^${JS_SPACE}\\u0000${BIDI_CHARS}${INVISIBLE_CHARS}]+`, says: 'không chứa khoảng trắng hay ký tự vô hình' },
} as const;
export type FormatName = keyof typeof FORMATS;

/**
 * The amounts a form's money input sends as a JSON number (the web's 0,0 inputs do): a whole
 * number within these bounds is read as its digits; a fraction or one beyond them is refused.
 */
export const AMOUNT_NUMBERS: Partial<Record<FormatName, { minimum: number; maximum: number }>> = {
  amount: { minimum: 0, maximum: 1_000_000_000 },
  positive_amount: { minimum: 1, maximum: 1_000_000_000 },
  signed_amount: { minimum: -1_000_000_000, maximum: 1_000_000_000 },
};

const anchored = new Map<string, RegExp>();
/** The whole value matches the format. */
export function matchesFormat(format: FormatName, value: string): boolean {
  let re = anchored.get(format);
  if (!re) anchored.set(format, (re = new RegExp(`^(?:${FORMATS[format].pattern})$`)));
  return re.test(value);
}

/** A comparable key of a value in a format (days and months compare as dates), for not_before. */
export function orderKey(format: FormatName | undefined, value: string): string | number {
  if (format === 'day') {
    const [d, m, y] = value.split('/').map(Number);
    return y * 10000 + m * 100 + d;
  }
  if (format === 'month') {
    const [m, y] = value.split('/').map(Number);
    return y * 100 + m;
  }
  const n = Number(value);
  return value.trim() !== '' && Number.isFinite(n) ? n : value;
}

/** A rule naming a format the gateway does not know stops it at start. */
export function checkFormatName(name: string, rule: FieldRule) {
  if (rule.format && !(rule.format in FORMATS)) throw new Error(`${name}: unknown (cskh.api.field) format "${rule.format}"`);
}

let cache: Map<string, FieldRule> | undefined;

/** Every field rule of the protos: "package.Message.field" → its rule. */
export function loadFieldRules(): Map<string, FieldRule> {
  if (cache) return cache;
  const rules = new Map<string, FieldRule>();
  for (const type of messageTypes())
    for (const f of type.fieldsArray) {
      const opt = optionOf(f.parsedOptions, '(cskh.api.field)');
      if (opt) rules.set(`${type.fullName.slice(1)}.${f.name}`, normalise(opt));
    }
  for (const [name, rule] of rules) checkFormatName(name, rule);
  return (cache = rules);
}

/** A `(cskh.api.field)` option as read from the protos → its rule. */
export function normalise(o: Record<string, unknown>): FieldRule {
  const r: FieldRule = {};
  if (o.required) r.required = true;
  if (o.min_len !== undefined) r.min_len = Number(o.min_len);
  if (o.max_len !== undefined) r.max_len = Number(o.max_len);
  if (o.format) r.format = String(o.format) as FormatName;
  if (o.min !== undefined) r.min = Number(o.min);
  if (o.max !== undefined) r.max = Number(o.max);
  if (o.one_of !== undefined) r.one_of = ([] as unknown[]).concat(o.one_of).map(String);
  if (o.not_before) r.not_before = String(o.not_before);
  if (o.msg) r.msg = String(o.msg);
  if (o.invalid_msg) r.invalid_msg = String(o.invalid_msg);
  return r;
}
