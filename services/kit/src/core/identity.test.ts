import { ADMIN_SECTION_CODES, codeCounts, hasAnyPermission } from './identity';
import { mayUseSocketRoute } from '../messaging/realtime-push';

const who = (priority: number, permissions: string[]) => ({ priority, permissions });

describe('guard codes (any-of) with the admin section below priority 5', () => {
  it('lets any caller through an empty list and needs one held code otherwise', () => {
    expect(hasAnyPermission(who(5, []), [])).toBe(true);
    expect(hasAnyPermission(who(5, ['mfy']), ['giagoimfy', 'mfy'])).toBe(true);
    expect(hasAnyPermission(who(1, ['khr']), ['mfy'])).toBe(false);
  });

  it('counts an admin-section code only below priority 5, even when the token carries it', () => {
    for (const code of ADMIN_SECTION_CODES) {
      expect(hasAnyPermission(who(4, [code]), [code])).toBe(true);
      expect(hasAnyPermission(who(5, [code]), [code])).toBe(false);
      expect(hasAnyPermission(who(6, [code]), [code])).toBe(false);
    }
    // A non-admin code of the same route still opens it at priority 5.
    expect(hasAnyPermission(who(5, ['giagoimfy', 'mfy']), ['giagoimfy', 'mfy'])).toBe(true);
  });

  it('gives priority 7 data permission and division only (spec 3 §1)', () => {
    expect(codeCounts(7, 'phanquyendata')).toBe(true);
    expect(codeCounts(7, 'chiadata')).toBe(true);
    expect(codeCounts(7, 'uploadchiadata')).toBe(false);
    expect(codeCounts(7, 'quetdata')).toBe(false);
    expect(codeCounts(7, 'customer.get')).toBe(true);
  });

  it('applies the same rule to socket commands', () => {
    const scan = { permissions: ['quetdata'], priorityBelow: 0 };
    expect(mayUseSocketRoute(scan, who(2, ['quetdata']))).toBe(true);
    expect(mayUseSocketRoute(scan, who(5, ['quetdata']))).toBe(false);
    expect(mayUseSocketRoute({ permissions: ['lookup.info'], priorityBelow: 5 }, who(5, ['lookup.info']))).toBe(false);
  });
});
