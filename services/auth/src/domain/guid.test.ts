import { EMPTY_GUID, isUuid, optionalId, outId } from './guid';

describe('empty ids', () => {
  it('reads blank, the all-zero GUID and filter sentinels as none', () => {
    for (const v of ['', '  ', EMPTY_GUID, '-99', '__ALL', undefined, null]) expect(optionalId(v)).toBeNull();
  });
  it('keeps a real id (lower-cased, trimmed)', () => {
    expect(optionalId(' 3F2504E0-4F89-11D3-9A0C-0305E82C3301 ')).toBe('3f2504e0-4f89-11d3-9a0c-0305e82c3301');
  });
  it('answers the all-zero GUID for a missing id', () => {
    expect(outId(null)).toBe(EMPTY_GUID);
    expect(outId('abc')).toBe('abc');
  });
  it('recognises uuids', () => {
    expect(isUuid('3f2504e0-4f89-11d3-9a0c-0305e82c3301')).toBe(true);
    expect(isUuid('not-a-uuid')).toBe(false);
  });
});
