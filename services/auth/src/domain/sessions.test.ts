import { sessionsEndedByPasswordChange } from './sessions';

describe('sessions a password change ends', () => {
  const now = 1_700_000_000;
  it('ends every other live session and keeps the one making the change', () => {
    const s = [
      { jti: 'a', exp: now + 100 },
      { jti: 'b', exp: now + 100 },
      { jti: 'c', exp: now + 5 },
    ];
    expect(sessionsEndedByPasswordChange(s, 'b', now).map((x) => x.jti)).toEqual(['a', 'c']);
  });
  it('leaves out sessions that have already expired (nothing left to end)', () => {
    const s = [
      { jti: 'old', exp: now },
      { jti: 'older', exp: now - 3600 },
      { jti: 'live', exp: now + 1 },
    ];
    expect(sessionsEndedByPasswordChange(s, 'x', now)).toEqual([{ jti: 'live', exp: now + 1 }]);
  });
  it('ends all of them when the change comes from a session not on record', () => {
    expect(sessionsEndedByPasswordChange([{ jti: 'a', exp: now + 1 }], '', now)).toHaveLength(1);
  });
});
