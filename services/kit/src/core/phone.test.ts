import { keptUnlessEdited, maskPhone, maskPhonesInText, phoneAsShown, phoneMaskedFor } from './phone';

describe('phoneAsShown', () => {
  it('writes the number as the lists do: 0 + 9 digits, or the mask', () => {
    for (const raw of ['0912345672', '912345672', '84912345672']) expect(phoneAsShown(raw, 2)).toBe('0912345672');
    expect(phoneAsShown('0912345672', 5)).toBe('****45672');
    expect(phoneAsShown('', 1)).toBe('');
  });
});

/** A run of 9 or more digits (separators ignored) containing these 9 digits. */
const shows = (text: string, nine: string) => text.replace(/[ .-]/g, '').includes(nine);

describe('maskPhonesInText', () => {
  it('masks the number in a bank message the way the phone column is masked', () => {
    expect(maskPhonesInText('0977777776 MXH150 ck', 3)).toBe('****77776 MXH150 ck');
    expect(maskPhonesInText('0977777776 MXH150 ck', 4)).toBe(maskPhone('0977777776', 4) + ' MXH150 ck');
    expect(maskPhonesInText('0977777776 MXH150 ck', 5)).toBe('****77776 MXH150 ck');
  });

  it('leaves the text as written for priority below 3 (they may see the number)', () => {
    for (const p of [0, 1, 2]) expect(maskPhonesInText('0977777776 MXH150 ck', p)).toBe('0977777776 MXH150 ck');
    expect(phoneMaskedFor(2)).toBe(false);
    expect(phoneMaskedFor(3)).toBe(true);
    expect(phoneMaskedFor(7)).toBe(true);
  });

  it.each([
    ['977777776 MXH150', '****77776 MXH150'],
    ['84977777776 MXH150', '****77776 MXH150'],
    ['+84977777776', '****77776'],
    ['+84 977 777 776', '****77776'],
    ['840977777776', '****77776'],
    ['0977 777 776 ck', '****77776 ck'],
    ['0977.777.776', '****77776'],
    ['0977-777-776', '****77776'],
    ['sdt:0977777776,goi MXH150', 'sdt:****77776,goi MXH150'],
    ['KH 0977777776 va 0912345678', 'KH ****77776 va ****45678'],
    ['Thuê bao 84977777776 đã đăng ký thành công gói MXH150', 'Thuê bao ****77776 đã đăng ký thành công gói MXH150'],
    ['line1\n0977777776\nline3', 'line1\n****77776\nline3'],
  ])('masks every phone shape isPhone accepts, with separators: %s', (text, masked) => {
    expect(maskPhonesInText(text, 5)).toBe(masked);
  });

  it.each([
    'MXH150 ck 150000',
    'chuyen 1.500.000 d',
    'OTP 123456',
    'ma 9084 va 9332, 999',
    'ref 1234567890123',
    '0012345678',
    '1234567890',
    '20/05/2024 10:30:00',
    '2024-05-20 10:30',
    '',
  ])('leaves other numbers alone: %s', (text) => {
    expect(maskPhonesInText(text, 5)).toBe(text);
  });

  it("masks the row's own phone wherever its last 9 digits appear, also inside a longer reference", () => {
    expect(maskPhonesInText('MBVCB.123.FT0977777776123 ck', 5, '0977777776')).toBe('MBVCB.123.FT****77776123 ck');
    expect(maskPhonesInText('IBFT 12340977777776', 5, '84977777776')).toBe('IBFT 1234****77776');
    expect(maskPhonesInText('so 0977 777 776', 5, '977777776')).toBe('so ****77776');
    // not the row's phone and inside a longer run: left (it is not a phone's shape)
    expect(maskPhonesInText('ref 10912345678999', 5, '0977777776')).toBe('ref 10912345678999');
    // a short or empty own phone changes nothing
    expect(maskPhonesInText('abc 12345', 5, '12345', '', null)).toBe('abc 12345');
  });

  it('never leaves 9 of the digits in clear for a covered viewer', () => {
    const texts = [
      '0977777776 MXH150 ck',
      '0977 777 776',
      '0977.777.776',
      '+84-977-777-776',
      'x0977777776y',
      'FT2024 0977777776',
      'a840977777776',
    ];
    for (const t of texts) for (const p of [3, 4, 5, 7]) expect(shows(maskPhonesInText(t, p, '0977777776'), '977777776')).toBe(false);
  });
});

describe('keptUnlessEdited', () => {
  const stored = 'Ma OTP 123456 cua thue bao 0977777776';
  it('a masked viewer sending back what they were shown keeps the stored value', () => {
    for (const p of [3, 4, 5]) {
      expect(keptUnlessEdited(maskPhone('0977777776', p), '0977777776', p)).toBe('0977777776');
      expect(keptUnlessEdited(maskPhonesInText(stored, p, '0977777776'), stored, p, '0977777776')).toBe(stored);
    }
  });
  it('what they typed is taken, and viewers who see numbers get what they sent', () => {
    expect(keptUnlessEdited('0912345678', '0977777776', 5)).toBe('0912345678');
    expect(keptUnlessEdited('****77776 moi', stored, 5, '0977777776')).toBe('****77776 moi');
    expect(keptUnlessEdited('977777776', '0977777776', 2)).toBe('977777776');
    expect(keptUnlessEdited('', '', 5)).toBe('');
  });
});
