/**
 * What a declared format allows is what the service reading the field accepts: each spelling staff
 * type (and the edge ones) goes through the gateway's format and the service's own parse function,
 * and both must say the same. A format narrower than its service refuses a form that saves today;
 * a wider one lets through a request the service then refuses with a 400 the document did not state.
 */
import { isPhone, parseDateTime } from '@cskh/kit';
import { parseMoney } from '../../services/bank/src/domain/transfer';
import { checkPhone as bankPhone } from '../../services/bank/src/domain/rules';
import { checkPhone as refundPhone } from '../../services/refunds/src/domain/requests';
import { parseAmount } from '../../services/orders/src/domain/money';
import { parseRatio, parseSignedAmount } from '../../services/orders/src/domain/order-money';
import { parseOrderDate } from '../../services/orders/src/domain/order-input';
import { FormatName, matchesFormat } from './field-rules';

const accepts = (parse: (v: string) => unknown) => (v: string) => {
  try {
    const r = parse(v);
    return r !== undefined && typeof r !== 'string' && !(typeof r === 'object' && r !== null && 'error' in r);
  } catch {
    return false;
  }
};

const doesNotThrow = (check: (v: string) => unknown) => (v: string) => {
  try {
    check(v);
    return true;
  } catch {
    return false;
  }
};

function agree(format: FormatName, service: (v: string) => boolean, spellings: string[]) {
  for (const s of spellings) expect([s, matchesFormat(format, s)]).toEqual([s, service(s)]);
}

const DATE_TIMES = [
  '24/11/2026',
  '24/11/2026 17:40',
  '24/11/2026 17:40:59',
  '1/2/2026 7:05',
  '24-11-2026 08:00',
  '24/11/2026T08:00',
  '2026-11-24',
  '2026-11-24 07:05:00',
  '2024-02-29T23:59',
  '2026-11-24T07:05:00Z',
  '2026-11-24T07:05:00.123+07:00',
  '2026-11-24T07:05+0700',
  ' 24/11/2026 ',
  '24/11/2026 24:00',
  '2023-02-29 10:00',
  '31/04/2026',
  '2026-11-24 7:05',
  '24.11.2026',
  '24/11/26',
  '01/01/1899',
  'mai',
];

describe('declared formats take what their services take', () => {
  it('datetime: the kit parseDateTime (transfers, created times, appointments, customer dates)', () => {
    agree('datetime', (v) => parseDateTime(v) !== undefined, DATE_TIMES);
  });

  it("order_datetime: orders' parseOrderDate, which also takes D.M.YYYY", () => {
    agree('order_datetime', accepts(parseOrderDate), [...DATE_TIMES.filter((d) => d.trim()), '24.11.2026', '1.2.2026 10:00', '24.11/2026']);
  });

  it("positive_amount: the bank's parseMoney, with its separators and the đ / vnd unit", () => {
    agree('positive_amount', accepts(parseMoney), [
      '1500000',
      '1.500.000',
      '1,500,000',
      '1 500 000',
      '1.500.000đ',
      '1.500.000 đ',
      '150000 VND',
      '150.000vnđ',
      '00100',
      ' 100 ',
      '1.000.000.000',
      '1.000.000.001',
      '0',
      '-100',
      '100đđ',
      '1e6',
      '',
    ]);
  });

  it("amount: orders' parseAmount (prices, revenue)", () => {
    agree(
      'amount',
      accepts((v) => parseAmount(v, 'Giá')),
      ['0', '1500000', '1.500.000', '1,500,000', '1 500 000', '007', '1000000000', '1000000001', '-5', '1.5e3', '100đ'],
    );
  });

  it("signed_amount: orders' parseSignedAmount (the difference)", () => {
    agree('signed_amount', accepts(parseSignedAmount), [
      '0',
      '-1.500.000',
      '- 200',
      '1 500 000',
      '-1000000000',
      '-1000000001',
      '--5',
      '-',
      '5-',
    ]);
  });

  it("salary_ratio: orders' parseRatio", () => {
    agree('salary_ratio', accepts(parseRatio), [
      '80',
      '80,5',
      '80.25',
      '0',
      '1000',
      '1000,0',
      '-1',
      '-1,0',
      '080',
      '.5',
      '5.',
      ' 80 ',
      '1000.5',
      '-2',
      '1001',
      '80,5,5',
      '',
    ]);
  });

  it('phone_digits: the phone checks of refunds and the bank', () => {
    const spellings = [
      '0912345678',
      '+84 912 345 678',
      '(091) 234-5678',
      '091.234.5678',
      ' 0912345678 ',
      '0912\t345678',
      '12345678',
      '1234567890123456',
      '0912a45678',
    ];
    agree('phone_digits', doesNotThrow(refundPhone), spellings);
    agree('phone_digits', doesNotThrow(bankPhone), spellings);
  });

  it("vn_mobile: the kit's isPhone (care, dataops), one separator at a time", () => {
    agree('vn_mobile', isPhone, [
      '912345678',
      '0912345678',
      '84912345678',
      '+84 912 345 678',
      '091-234-5678',
      '+ 84.912.345.678',
      '012345678',
      '8401234567',
      '+',
      'a912345678',
    ]);
    // Runs of separators: isPhone takes them, the format does not (no one types them; the services store the phone as sent).
    expect(isPhone('091  234  5678') && !matchesFormat('vn_mobile', '091  234  5678')).toBe(true);
  });
});
