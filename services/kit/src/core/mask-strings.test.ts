import { maskEveryString } from './mask-strings';

/** Socket replies and pushes have no proto type: every string of any JSON is masked for the covered viewers. */
describe('maskEveryString', () => {
  const payload = {
    isdn: '912345678',
    id: '12345678-1234-4234-9234-977777776abc',
    data: { rows: [{ phone: '0977777776', note: 'ref FT24977777776X, goi 0912 345 678', amount: 150000 }], otp: '483920' },
  };

  it('masks every phone in every string, nested objects and lists included; ids, numbers and codes as they are', () => {
    expect(maskEveryString(payload, { priority: 5, username: 'nv' }, ['isdn'])).toEqual({
      isdn: '912345678',
      id: payload.id,
      data: { rows: [{ phone: '****77776', note: 'ref FT24****77776X, goi ****45678', amount: 150000 }], otp: '483920' },
    });
  });

  it('gives priority below 3 the value as it is, and never changes the value given', () => {
    const before = JSON.stringify(payload);
    expect(maskEveryString(payload, { priority: 2, username: 'ql' })).toBe(payload);
    maskEveryString(payload, { priority: 3, username: 'cn' });
    expect(JSON.stringify(payload)).toBe(before);
  });
});
