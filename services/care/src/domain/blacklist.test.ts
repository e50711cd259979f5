import { blacklistEntry, fixedBlacklist } from './blacklist';

describe('blacklistEntry', () => {
  it('keys an event by the last 9 digits and keeps its state and version', () => {
    expect(
      blacklistEntry({
        event_id: 'e1',
        phone: '84 912 345 678',
        blacklisted: true,
        version: 1700000000000,
        reason: 'Khiếu nại',
        changed_by: 'admin',
      }),
    ).toEqual({
      phone9: '912345678',
      phone: '84 912 345 678',
      blacklisted: true,
      version: 1700000000000,
      reason: 'Khiếu nại',
      changedBy: 'admin',
      eventId: 'e1',
    });
  });

  it('a removal is an entry that is no longer blacklisted', () => {
    expect(blacklistEntry({ phone: '0912345678', blacklisted: false, version: 2 })?.blacklisted).toBe(false);
  });

  it('refuses events it cannot key or order', () => {
    expect(blacklistEntry({ phone: '12345', blacklisted: true, version: 1 })).toBeNull();
    expect(blacklistEntry({ phone: '0912345678', blacklisted: true, version: 0 })).toBeNull();
    expect(blacklistEntry({ phone: '0912345678', blacklisted: true })).toBeNull();
  });
});

describe('fixedBlacklist', () => {
  it('answers the keys of the blocked numbers whatever their prefix', async () => {
    const b = fixedBlacklist(['0912345678']);
    expect([...(await b.blocked(['84912345678', '0987654321']))]).toEqual(['912345678']);
  });
});
