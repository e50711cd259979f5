import { MemoryRateLimiter } from './info-rate-limit';

describe('rolling-hour limiter (memory)', () => {
  it('allows 60 per rolling hour, counting a repeated id once', async () => {
    const l = new MemoryRateLimiter(60, 3600_000);
    const t0 = 1_000_000;
    for (let i = 0; i < 60; i++) expect(await l.hit('u', `r${i}`, t0 + i)).toBe(true);
    expect(await l.hit('u', 'r60', t0 + 100)).toBe(false);
    expect(await l.hit('u', 'r5', t0 + 100)).toBe(true); // redelivery of a counted request
    expect(await l.hit('other', 'x', t0 + 100)).toBe(true);
    // One hour after the first hit, one slot frees up.
    expect(await l.hit('u', 'late', t0 + 3600_000)).toBe(true);
    expect(await l.hit('u', 'late2', t0 + 3600_000)).toBe(false);
  });
});
