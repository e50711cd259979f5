import { toPaging } from './paging';

describe('toPaging', () => {
  it('reads page 0 as page 1', () => {
    expect(toPaging(0, 20)).toEqual({ page: 1, skip: 0, take: 20 });
  });
  it('skips whole pages', () => {
    expect(toPaging(3, 50)).toEqual({ page: 3, skip: 100, take: 50 });
  });
  it('treats the export count as all rows', () => {
    expect(toPaging(0, 9999999999)).toEqual({ page: 1, skip: 0, take: undefined });
  });
  it('falls back to the default size', () => {
    expect(toPaging(undefined, undefined, 10)).toEqual({ page: 1, skip: 0, take: 10 });
  });
});
