/**
 * What a user must never read in a list or an export file: a field name as a header,
 * a raw code or an ISO date as a value. Used by the tests that open every export
 * (src/areas/exportColumns.test.ts, test/exports.browser.test.ts).
 */

/** A header that is a field name or an English field word rather than Vietnamese. */
export const FIELD_NAME_HEADER: RegExp[] = [
  /_/, // snake_case, SCREAMING_CASE, __index
  /^[a-z]+[A-Z]\w*$/, // camelCase
  /^[A-Z][a-z]+[A-Z]\w*$/, // PascalCase (PhoneNumber, NumberType)
  /^[a-z][a-z0-9]*$/, // a lower-case field name (dtct, kenh)
  /^(Username|User|Status|Phone|Name|Full ?name|Date|Time|Type|Package|Channel|Note|Result|Amount|Price|Created|Updated|Id|File ?name)$/i,
];

/** A cell that is a raw code, a picker's hierarchy dashes or an ISO date. */
export const RAW_VALUE: RegExp[] = [
  /^[a-z]+(_[a-z0-9]+)+$/, // khong_qua_api, ma_xac_nhan_1, dang_ky_thanh_cong
  /^[A-Z]+(_[A-Z0-9]+)+$/, // DA_QUET, KHONG_CO_GOI
  /^__/, // __AUTO
  /^[a-z]+[A-Z][A-Za-z0-9]*$/, // camelCase
  /^-{2,}/, // '----nv_tuan - …'
  /^\d{4}-\d{2}-\d{2}(T|\s|$)/, // ISO date or date-time
  /^(SUCCESS|FAILED|FAILD|ERROR|PENDING|APPROVED|REJECTED|APPOINTMENT|NORMAL|ACTIVE|INACTIVE|EXPIRED|CANCELLED|DONE|true|false|null|undefined|running|done|stopped|failed|pending|waiting|idle)$/,
];

export const isFieldNameHeader = (header: unknown) => FIELD_NAME_HEADER.some((re) => re.test(String(header ?? '').trim()));

/** Whether a value is a raw code; `allowed` are data that look like codes (usernames such as nv_tuan). */
export const isRawValue = (value: unknown, allowed: ReadonlySet<string> = new Set()) => {
  const text = String(value ?? '').trim();
  return !!text && !allowed.has(text) && RAW_VALUE.some((re) => re.test(text));
};
