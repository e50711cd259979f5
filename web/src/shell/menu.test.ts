import { ALL_CODES } from '../../../services/auth/src/domain/catalogue';
import { MENU_ICONS } from '../common/icons';
import { canOpenScreen, holdsAny, isItemVisible, MENU, MENU_GROUPS, visibleMenu, type MenuViewer } from './menu';

const viewer = (priority: number, permissions: string[], username = 'nv01'): MenuViewer => ({ username, priority, permissions });
const paths = (v: MenuViewer, section: 'main' | 'admin') =>
  visibleMenu(v, section).flatMap((n) => (n.kind === 'item' ? [n.item.path] : n.items.map((i) => i.path)));
const item = (path: string) => MENU.find((m) => m.path === path)!;

describe('menu rule', () => {
  it('shows an item to holders of any one of its codes; role.* matches every role code', () => {
    expect(holdsAny(['lookup.info'], ['lookup.balance', 'lookup.package', 'lookup.info'])).toBe(true);
    expect(holdsAny(['lookup.bank'], ['lookup.balance', 'lookup.package', 'lookup.info'])).toBe(false);
    expect(holdsAny(['role.edit'], ['role.*'])).toBe(true);
    expect(holdsAny(['roles'], ['role.*'])).toBe(false);
    expect(isItemVisible(item('/app/customer-lookup'), viewer(5, ['lookup.package']))).toBe(true);
  });

  it('shows the admin section only below priority 5', () => {
    expect(paths(viewer(4, ['lstracuu', 'quetdata']), 'admin')).toEqual(['/sys/lstracuu', '/sys/quetdata', '/sys/upload']);
    expect(paths(viewer(5, ['lstracuu', 'quetdata']), 'admin')).toEqual([]);
    expect(canOpenScreen('/sys/lstracuu', viewer(5, ['lstracuu']))).toBe(false);
  });

  it('admits priority 7 to exactly the customer upload, data permission and data split, holding their codes (spec 3 §1)', () => {
    const coordinator = viewer(7, [...ALL_CODES]);
    expect(paths(coordinator, 'admin')).toEqual(['/sys/upload', '/sys/phanquyendata', '/sys/chiadata']);
    expect(canOpenScreen('/sys/chiadata', coordinator)).toBe(true);
    expect(canOpenScreen('/sys/quetdata', coordinator)).toBe(false);
    // The code is still needed.
    expect(paths(viewer(7, ['chiadata']), 'admin')).toEqual(['/sys/upload', '/sys/chiadata']);
    expect(paths(viewer(7, []), 'admin')).toEqual(['/sys/upload']);
    // Other priorities above 4 get nothing from it.
    expect(paths(viewer(5, [...ALL_CODES]), 'admin')).toEqual([]);
    expect(paths(viewer(6, [...ALL_CODES]), 'admin')).toEqual([]);
  });

  it('hides the refund items from HNIMB usernames', () => {
    const codes = ['requestrefund', 'requestrefundreport'];
    expect(paths(viewer(5, codes, 'hnimb001'), 'main')).toEqual(['/app/home']);
    expect(paths(viewer(5, codes, 'nv001'), 'main')).toEqual(['/app/home', '/app/requestrefund', '/app/requestrefundreport']);
  });

  it('groups the message items and needs a group code for them', () => {
    const nodes = visibleMenu(viewer(5, ['history.999', 'history.9084']), 'main');
    const group = nodes.find((n) => n.kind === 'group');
    expect(group && group.kind === 'group' && group.group.title).toBe('Tra cứu tin nhắn');
    expect(group && group.kind === 'group' && group.items.map((i) => i.title)).toEqual(['Trung tâm tin nhắn', 'Kết quả đăng ký']);
  });

  it('opens screens without a menu entry to everyone (profile)', () => {
    expect(canOpenScreen('/sys/profile', viewer(5, []))).toBe(true);
  });
});

describe('menu derived from the registry', () => {
  const catalogue = new Set(ALL_CODES);
  const known = (code: string) => (code.endsWith('.*') ? ALL_CODES.some((c) => c.startsWith(code.slice(0, -1))) : catalogue.has(code));

  it("uses only permission codes of auth's catalogue", () => {
    const codes = [...MENU.flatMap((m) => m.permissions), ...MENU_GROUPS.flatMap((g) => g.permissions ?? [])];
    expect(codes.length).toBeGreaterThan(30);
    expect(codes.filter((c) => !known(c))).toEqual([]);
  });

  it('names only known icons and groups', () => {
    expect(MENU.filter((m) => !(m.icon in MENU_ICONS)).map((m) => m.path)).toEqual([]);
    expect(MENU.filter((m) => m.group && !MENU_GROUPS.some((g) => g.key === m.group)).map((m) => m.path)).toEqual([]);
  });

  it('lists the items in the order of spec 1 §2.4', () => {
    expect(MENU.filter((m) => m.section === 'main').map((m) => m.path)).toEqual([
      '/app/home',
      '/app/customer-care',
      '/app/khr',
      '/app/mfy',
      '/app/dangky9279',
      // not in spec 1 §2.4's table; added so holders of 'moigoihomsau' can reach spec 3 §2.17
      '/app/moigoihomsau',
      '/app/blacklist',
      '/app/baodo',
      '/app/care-history',
      '/app/tilebatso',
      '/app/customer-lookup',
      '/app/customer-message-999',
      '/app/customer-message-9084',
      '/app/bank-lookup',
      '/app/mes1414otp',
      '/app/requestrefund',
      '/app/invite',
      '/app/tinhluong',
      '/app/reportbranchrevenue',
      '/app/reportstaffrevenue',
      '/app/report90849332',
      '/app/requestrefundreport',
      '/app/report9279',
      '/app/dsdttinhluong',
    ]);
    expect(MENU.filter((m) => m.section === 'admin').map((m) => m.path)).toEqual(
      // 'upload' is not in spec 1 §2.4's table: added so the customer upload is reachable.
      [
        'accounts',
        'lstracuu',
        'roles',
        'giahoantien',
        'giagoimfy',
        'giagoidangky9279',
        'systemaccount',
        'quetdata',
        'quetdatakhonggoi',
        'quetdtct',
        'upload',
        'uploadchiadata',
        'phanquyendata',
        'chiadata',
        'settings',
      ].map((p) => `/sys/${p}`),
    );
  });

  it('gives each admin item its same-named permission (spec 1 §2.4)', () => {
    // '/sys/upload' has no code of its own (not in the spec's menu): the section's priorities and the service's checks gate it.
    const sameNamed = MENU.filter((m) => m.section === 'admin' && !['/sys/accounts', '/sys/roles', '/sys/upload'].includes(m.path));
    expect(sameNamed.filter((m) => m.permissions.join() !== m.path.slice('/sys/'.length)).map((m) => m.path)).toEqual([]);
  });
});
