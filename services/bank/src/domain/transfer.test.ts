import { parseMoney, parseTransfer, transferKey } from './transfer';
import { MSG } from './messages';

describe('a transfer row, checked on the server (spec 1 §5)', () => {
  it('reads amounts as whole đồng and drops 0 or less', () => {
    expect(parseMoney('1500000')).toBe(1500000);
    expect(parseMoney('1.500.000')).toBe(1500000);
    expect(parseMoney('1,500,000 ')).toBe(1500000);
    expect(parseMoney('0')).toBe(MSG.moneyNotPositive);
    expect(parseMoney('-5000')).toBe(MSG.moneyNotPositive);
    expect(parseMoney('')).toBe(MSG.moneyInvalid);
    expect(parseMoney('abc')).toBe(MSG.moneyInvalid);
    expect(parseMoney('12.5e3')).toBe(MSG.moneyInvalid);
    expect(parseMoney('9'.repeat(20))).toBe(MSG.moneyInvalid);
  });

  it('takes at most 1 tỷ đồng, the bound of every money field', () => {
    expect(parseMoney('1.000.000.000')).toBe(1_000_000_000);
    expect(parseMoney('1000000001')).toBe(MSG.moneyTooLarge);
    expect(parseMoney('9007199254740991')).toBe(MSG.moneyTooLarge);
  });

  it('takes DD/MM/YYYY HH:mm:ss as Vietnam time, VPBANK by default, content required', () => {
    const t = parseTransfer({ money: '200000', datetime: '05/11/2025 08:30:00', str_mes: ' CK 0912345678 MXH100 ' }, 'sao-ke.xlsx');
    expect(t).toEqual({
      sender: 'VPBANK',
      money: 200000,
      datetime: new Date('2025-11-05T01:30:00Z'),
      str_mes: 'CK 0912345678 MXH100',
      ten_file_upload: 'sao-ke.xlsx',
    });
    expect(parseTransfer({ sender: 'techcombank', money: '1', datetime: '05/11/2025 08:30:00', str_mes: 'x' })).toMatchObject({
      sender: 'Techcombank',
    });
  });

  it('names what is wrong', () => {
    const ok = { money: '1000', datetime: '05/11/2025 08:30:00', str_mes: 'x' };
    expect(parseTransfer({ ...ok, sender: 'ACB' })).toBe(MSG.senderInvalid);
    expect(parseTransfer({ ...ok, datetime: '31/02/2025 08:00:00' })).toBe(MSG.datetimeInvalid);
    expect(parseTransfer({ ...ok, datetime: 'hôm qua' })).toBe(MSG.datetimeInvalid);
    expect(parseTransfer({ ...ok, str_mes: '  ' })).toBe(MSG.contentRequired);
    expect(parseTransfer({ ...ok, money: '0' })).toBe(MSG.moneyNotPositive);
  });

  it('keys a row by file, sheet row, time, amount and content', () => {
    const t = parseTransfer({ money: '1000', datetime: '05/11/2025 08:30:00', str_mes: 'x' }, 'f.xlsx');
    if (typeof t === 'string') throw new Error(t);
    expect(transferKey(t, 13)).toEqual(['f.xlsx', 13, t.datetime, 1000, 'x']);
  });
});
