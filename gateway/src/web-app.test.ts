import { chooseEncoding } from './web-app';

describe('chooseEncoding', () => {
  const both = ['br', 'gzip'] as const;

  it('sends brotli to a browser that takes it, whatever order it lists the codings in', () => {
    expect(chooseEncoding('gzip, deflate, br, zstd', both)).toBe('br');
    expect(chooseEncoding('br;q=0.5, gzip;q=0.9', both)).toBe('br');
  });

  it('falls back to gzip, then to the plain file', () => {
    expect(chooseEncoding('gzip, deflate', both)).toBe('gzip');
    expect(chooseEncoding('br;q=0, gzip', both)).toBe('gzip');
    expect(chooseEncoding('deflate', both)).toBeUndefined();
    expect(chooseEncoding(undefined, both)).toBeUndefined();
    expect(chooseEncoding('identity', both)).toBeUndefined();
  });

  it('reads a wildcard and only offers the copies the build made', () => {
    expect(chooseEncoding('*', both)).toBe('br');
    expect(chooseEncoding('*;q=0', both)).toBeUndefined();
    expect(chooseEncoding('br, gzip', ['gzip'])).toBe('gzip');
    expect(chooseEncoding('br, gzip', [])).toBeUndefined();
  });
});
