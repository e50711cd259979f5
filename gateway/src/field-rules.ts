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
/** DD/MM/YYYY (leading zeros optional), a day that exists: 31/04 and 29/02 of a common year do not. */
const DAY =
  '(?:(?:(?:0?[1-9]|1[0-9]|2[0-8])/(?:0?[1-9]|1[0-2])|(?:29|30)/(?:0?[13-9]|1[0-2])|31/(?:0?[13578]|1[02]))/' +
  YEAR +
  `|29/0?2/${LEAP_YEAR})`;
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
// One space, dot or dash between digits (what a sheet or a person types; the services take more).
const SEP = '[ .-]?';
// Eight more digits, separators allowed between them.
const EIGHT = `(?:${SEP}[0-9]){8}`;
const TIME = '(?:[01]?[0-9]|2[0-3]):[0-5][0-9](?::[0-5][0-9])?';
// A whole amount in đồng as staff type it, up to 1.000.000.000 (the services' ceiling): digits,
// one space, dot or comma allowed between them ('1.500.000').
const UP_TO_BILLION = (first: string) => `(?:${first}(?:[ .,]?[0-9]){0,8}|1(?:[ .,]?0){9})`;

export const FORMATS = {
  uuid: { pattern: '[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}', says: 'một mã (uuid)' },
  day: { pattern: DAY, says: 'một ngày DD/MM/YYYY' },
  // A pay month: years 2000–9999, as payroll reads them.
  month: { pattern: '(?:0?[1-9]|1[0-2])/(?:20|[3-9][0-9])[0-9][0-9]', says: 'một tháng MM/YYYY' },
  datetime: { pattern: `(?:${DAY}|${ISO_DAY})[ T]${TIME}`, says: 'thời gian DD/MM/YYYY HH:mm:ss' },
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
  // A phone as refunds take it: 9 to 15 digits among spaces, +, dots, dashes and brackets.
  phone_digits: { pattern: '(?:[ +.()-]*[0-9]){9,15}[ +.()-]*', says: 'một số điện thoại (9 đến 15 chữ số)' },
  digits: { pattern: '[0-9]+', says: 'chỉ gồm chữ số' },
  amount: { pattern: UP_TO_BILLION('[0-9]'), says: 'một số tiền từ 0 đến 1.000.000.000' },
  positive_amount: { pattern: UP_TO_BILLION('[1-9]'), says: 'một số tiền từ 1 đến 1.000.000.000' },
  // A pay ratio in percent as a manager types it (comma or dot decimals), or -1: use the revenue ratio.
  salary_ratio: { pattern: '-1|[0-9]{1,3}(?:[.,][0-9]{1,6})?|1000(?:[.,]0{1,6})?', says: 'một tỉ lệ từ 0 đến 1000, hoặc -1' },
  signed_amount: { pattern: `-?${UP_TO_BILLION('[0-9]')}`, says: 'một số tiền (có thể âm) không quá 1.000.000.000' },
  // A name without white space (usernames).
  token: { pattern: `[^${JS_SPACE}\\u0000${BIDI_CHARS}${INVISIBLE_CHARS}]+`, says: 'không chứa khoảng trắng hay ký tự vô hình' },
} as const;
export type FormatName = keyof typeof FORMATS;

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
