import { AppError } from '@cskh/kit';
import { MSG } from '../domain/messages';
import { byKind } from './order-common';

describe('one handler set for the twin lists', () => {
  const lists = {
    mfy: { listOrders: async (req: { kind?: string }) => `mfy rules for ${req.kind}` },
    '9279': { listOrders: async (req: { kind?: string }) => `9279 rules for ${req.kind}` },
  };
  const bound = byKind(lists);

  it('hands each call to the rules of the list its request names', async () => {
    await expect(bound.listOrders({ kind: 'mfy' })).resolves.toBe('mfy rules for mfy');
    await expect(bound.listOrders({ kind: '9279' })).resolves.toBe('9279 rules for 9279');
  });

  it('refuses a request that names no list (a call that did not come through a route)', async () => {
    await expect(async () => bound.listOrders({})).rejects.toEqual(new AppError('VALIDATION', MSG.unknownList));
    await expect(async () => bound.listOrders({ kind: 'dangky9279' })).rejects.toEqual(new AppError('VALIDATION', MSG.unknownList));
  });
});
