import { parseDateTime } from '@cskh/kit';
import { Channel, channelOf, IMPORT_CHANNEL } from './channels';
import { MSG } from './messages';

/** A transfer as the service stores it, from a sheet row or a single create. */
export interface Transfer {
  sender: Channel;
  /** Integer đồng, above 0. */
  money: number;
  datetime: Date;
  str_mes: string;
  ten_file_upload: string;
}

/** What a sheet row or a create sends (spec 1 §3 "Bank import row"); every field as text. */
export interface TransferInput {
  sender?: string;
  money?: string;
  datetime?: string;
  str_mes?: string;
  ten_file_upload?: string;
}

/**
 * The largest transfer taken: 1 tỷ đồng, the bound every other money field has (orders, refunds,
 * payroll). A customer pays for packages of some hundred thousand đồng; a larger amount is a typo in
 * the sheet (an extra zero, a pasted account number), refused on its row rather than summed into
 * the reports.
 */
export const MAX_MONEY = 1_000_000_000;
// The gateway takes str_mes up to 5000 characters; stored whole up to there.
export const MAX_CONTENT = 5000;
export const MAX_FILE_NAME = 255;

/**
 * An amount as the sheet writes it ("1.500.000", "1,500,000", "1 500 000" or plain digits) →
 * integer đồng; a message when it is not a whole amount or not above 0 (spec 1 §5: rows with
 * amount 0 or less are dropped).
 */
export function parseMoney(s: unknown): number | string {
  const raw = String(s ?? '').trim();
  if (/^-/.test(raw)) return MSG.moneyNotPositive;
  const digits = raw.replace(/[\s.,]/g, '').replace(/(?:đ|vnd|vnđ)$/i, '');
  if (!/^\d+$/.test(digits)) return MSG.moneyInvalid;
  const n = Number(digits);
  if (!Number.isSafeInteger(n)) return MSG.moneyInvalid;
  if (n > MAX_MONEY) return MSG.moneyTooLarge;
  if (n <= 0) return MSG.moneyNotPositive;
  return n;
}

/**
 * One transfer checked as the server must (the browser's reading is not trusted): a known channel
 * (blank = VPBANK, the sheet's channel), an amount above 0, a time (DD/MM/YYYY HH:mm:ss, Vietnam
 * time), a content. A string names what is wrong.
 */
export function parseTransfer(input: TransferInput, fileName = ''): Transfer | string {
  const sender = String(input.sender ?? '').trim() === '' ? IMPORT_CHANNEL : channelOf(input.sender);
  if (!sender) return MSG.senderInvalid;
  const money = parseMoney(input.money);
  if (typeof money === 'string') return money;
  const datetime = parseDateTime(input.datetime);
  if (!datetime) return MSG.datetimeInvalid;
  const str_mes = String(input.str_mes ?? '').trim();
  if (!str_mes) return MSG.contentRequired;
  const file = (String(input.ten_file_upload ?? '').trim() || fileName.trim()).slice(0, MAX_FILE_NAME);
  return { sender, money, datetime, str_mes: str_mes.slice(0, MAX_CONTENT), ten_file_upload: file };
}

/**
 * What makes a sheet row the same row when its chunk is sent again (kit importChunk): the file,
 * the sheet row, the time, the amount and the content.
 */
export const transferKey = (t: Transfer, rowNumber: number): unknown[] => [t.ten_file_upload, rowNumber, t.datetime, t.money, t.str_mes];
