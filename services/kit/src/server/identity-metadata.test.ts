import { Metadata } from '@grpc/grpc-js';
import type { Identity } from '../core/identity';
import { IDENTITY_KEY, identityFromMetadata, identityToMetadata } from './identity-metadata';

/** What a service reads of its caller is what the gateway (or the realtime tier) sent, claim for claim. */
const who: Identity = {
  userId: '6f1c2a4e-0d1b-4c6e-9a55-2f0a3c1d9e77',
  username: 'trang.nguyen',
  fullname: 'Nguyễn Thị Thu Trang',
  roleName: 'Trưởng nhóm CSKH',
  priority: 4,
  brandId: 'b-hn',
  permissions: ['tracuu', 'lstracuu', 'user.get'],
  jti: 'c0ffee00-1111-2222-3333-444455556666',
  exp: 1_893_456_000,
};

describe('the caller as one metadata entry', () => {
  it('carries every claim, Vietnamese text included, as one text entry', () => {
    const md = identityToMetadata(who);
    expect(Object.keys(md.getMap())).toEqual([IDENTITY_KEY]);
    expect(String(md.get(IDENTITY_KEY)[0])).toMatch(/^[A-Za-z0-9+/=]+$/);
    expect(identityFromMetadata(md)).toEqual(who);
  });

  it('answers the same identity for the same entry, which no handler can change for the next call', () => {
    const first = identityFromMetadata(identityToMetadata(who))!;
    expect(() => first.permissions.push('role.delete')).toThrow(TypeError);
    expect(() => {
      (first as { priority: number }).priority = 1;
    }).toThrow(TypeError);
    expect(identityFromMetadata(identityToMetadata(who))).toEqual(who);
  });

  it('tells different users apart', () => {
    const other = { ...who, username: 'hoa.le', priority: 6, permissions: ['tracuu'] };
    expect(identityFromMetadata(identityToMetadata(other))).toEqual(other);
    expect(identityFromMetadata(identityToMetadata(who))).toEqual(who);
  });

  it('finds no caller without the entry, with an empty one, or with one it did not write', () => {
    expect(identityFromMetadata(new Metadata())).toBeUndefined();
    const empty = new Metadata();
    empty.set(IDENTITY_KEY, '');
    expect(identityFromMetadata(empty)).toBeUndefined();
    const junk = new Metadata();
    junk.set(IDENTITY_KEY, 'not-an-identity');
    expect(identityFromMetadata(junk)).toBeUndefined();
    expect(identityFromMetadata(identityToMetadata({ ...who, username: '' }))).toBeUndefined();
  });
});
