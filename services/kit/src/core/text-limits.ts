/**
 * Longest text of each kind, in characters (UTF-16 units of the NFC form): the gateway checks every
 * request field against these (gateway/src/transcode.ts) and a service that checks a text again
 * uses the same numbers, so a value the API document allows is never refused further down.
 * `short` is every other text: names, codes, indexed columns (under PostgreSQL's btree entry limit).
 */
export const TEXT_LIMITS = {
  short: 500,
  /** Notes, reasons and descriptions typed by staff or read from a spreadsheet cell. */
  note: 2_000,
  /** Message contents: a bank SMS or a carrier message may be several SMS long. */
  content: 5_000,
  /** File names as the browser reports them: 255 on every common file system. */
  fileName: 255,
  /** A token in a body carries every permission code of its holder (an administrator's: ~1,500). */
  token: 16_000,
  /** A small JPEG as a data URL. */
  avatar: 200_000,
} as const;
