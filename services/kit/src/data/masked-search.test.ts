import { maskedContains, maskedEndsWith, searchTermFor } from './masked-search';

describe('searchTermFor', () => {
  it('keeps the last 5 digits of every run of digits for a viewer who sees masked phones', () => {
    expect(searchTermFor('0945810861', 3)).toBe('*****10861');
    expect(searchTermFor('0912 345 678', 5)).toBe('**** *45 678');
    expect(searchTermFor('CK 150.000 tu 84912345678', 4)).toBe('CK *50.000 tu ******45678');
    expect(searchTermFor('10861', 5)).toBe('10861');
    expect(searchTermFor('MAX90 gia han', 5)).toBe('MAX90 gia han');
  });

  it('leaves the term as typed for a viewer who sees phones whole', () => {
    expect(searchTermFor('0945810861', 2)).toBe('0945810861');
  });
});

describe('maskedContains, maskedEndsWith', () => {
  it('compare the masked column with the masked term for priority 3 and above', () => {
    expect(maskedContains('str_mes', '027661', 5)).toEqual([
      `regexp_replace(str_mes, ?, '*', 'g') ILIKE ?`,
      '[0-9](?=([ .-]?[0-9]){5})',
      '%*27661%',
    ]);
    expect(maskedEndsWith('phone9', '945810861', 3)).toEqual([
      `regexp_replace(phone9, ?, '*', 'g') ILIKE ?`,
      '[0-9](?=([ .-]?[0-9]){5})',
      '%****10861',
    ]);
  });

  it('compare the column as stored below priority 3, wildcards typed taken literally', () => {
    expect(maskedContains('str_mes', '027661', 1)).toEqual(['str_mes ILIKE ?', '%027661%']);
    expect(maskedEndsWith('phone9', '50%_', 2)).toEqual(['phone9 ILIKE ?', '%50\\%\\_']);
  });
});
