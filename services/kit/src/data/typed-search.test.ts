import { maskedContains } from './masked-search';
import { Where } from './sql';
import { typedContains, typedForm } from './typed-search';

describe('typedContains', () => {
  it('compares the typed form of the column with the typed form of the term, wildcards typed taken literally', () => {
    expect(typedContains('fullname', 'Nguyen 50%_')).toEqual([
      'public.cskh_unaccent_lower(fullname) LIKE public.cskh_unaccent_lower(?)',
      '%Nguyen 50\\%\\_%',
    ]);
  });

  it('any of several columns, one value each, numbered by the Where builder', () => {
    const w = new Where().add('a = ?', 1).add(...typedContains(['u.username', 'u.fullname'], 'hoa'));
    expect(w.sql).toBe(
      'WHERE a = $1 AND (public.cskh_unaccent_lower(u.username) LIKE public.cskh_unaccent_lower($2)' +
        ' OR public.cskh_unaccent_lower(u.fullname) LIKE public.cskh_unaccent_lower($3))',
    );
    expect(w.params).toEqual([1, '%hoa%', '%hoa%']);
  });

  it('typedForm wraps any expression', () => {
    expect(typedForm(`coalesce(s.fullname, '')`)).toBe(`public.cskh_unaccent_lower(coalesce(s.fullname, ''))`);
  });
});

describe('maskedContains with { typed: true }', () => {
  it('masks, then compares typed forms, for a viewer who sees masked phones', () => {
    expect(maskedContains('str_mes', 'Chuyển 0945810861', 5, { typed: true })).toEqual([
      `public.cskh_unaccent_lower(regexp_replace(str_mes, ?, '*', 'g')) LIKE public.cskh_unaccent_lower(?)`,
      '[0-9](?=([ .-]?[0-9]){5})',
      '%Chuyển *****10861%',
    ]);
  });

  it('compares typed forms of the column as stored for a viewer who sees phones whole', () => {
    expect(maskedContains('noi_dung', 'Mã gói', 1, { typed: true })).toEqual([
      'public.cskh_unaccent_lower(noi_dung) LIKE public.cskh_unaccent_lower(?)',
      '%Mã gói%',
    ]);
  });
});
