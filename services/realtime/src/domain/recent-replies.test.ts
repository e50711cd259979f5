import { RecentReplies } from './recent-replies';
import type { ReplyPayload } from './routing';

const reply = (requestId: string): ReplyPayload => ({ requestId, kind: 'lookup.balance', status: 200, data: { ok: true } });

describe('replies read for requests nobody here awaited', () => {
  it('answer the same client re-sending the same request, once', () => {
    const recent = new RecentReplies();
    recent.keep('client:u1:tab', 'r1', reply('r1'));
    expect(recent.take('client:u1:tab', 'r1')).toEqual(reply('r1'));
    expect(recent.take('client:u1:tab', 'r1')).toBeUndefined();
  });

  it("never answer another client's request of the same id", () => {
    const recent = new RecentReplies();
    recent.keep('client:u1:tab', 'r1', reply('r1'));
    expect(recent.take('client:u2:tab', 'r1')).toBeUndefined();
    expect(recent.take('client:u1:other-tab', 'r1')).toBeUndefined();
  });

  it('are forgotten after their time', () => {
    let now = 1_000;
    const recent = new RecentReplies(5_000, 100, () => now);
    recent.keep('c', 'r1', reply('r1'));
    now += 4_999;
    recent.keep('c', 'r2', reply('r2'));
    now += 2;
    expect(recent.take('c', 'r1')).toBeUndefined();
    expect(recent.take('c', 'r2')).toEqual(reply('r2'));
    expect(recent.size).toBe(0);
  });

  it('keep at most their bound, the oldest going first', () => {
    const recent = new RecentReplies(60_000, 3);
    for (const id of ['r1', 'r2', 'r3', 'r4']) recent.keep('c', id, reply(id));
    expect(recent.size).toBe(3);
    expect(recent.take('c', 'r1')).toBeUndefined();
    expect(recent.take('c', 'r4')).toEqual(reply('r4'));
  });

  it('keep the latest copy of a reply delivered twice, in its new place in the order', () => {
    let now = 0;
    const recent = new RecentReplies(10_000, 2, () => now);
    recent.keep('c', 'r1', reply('r1'));
    recent.keep('c', 'r2', reply('r2'));
    now = 1;
    recent.keep('c', 'r1', { ...reply('r1'), status: 504 });
    recent.keep('c', 'r3', reply('r3')); // r2 is now the oldest
    expect(recent.take('c', 'r2')).toBeUndefined();
    expect(recent.take('c', 'r1')?.status).toBe(504);
  });
});
