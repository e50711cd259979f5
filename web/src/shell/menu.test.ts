import { ALL_CODES } from '../../../services/auth/src/domain/catalogue';
import { canOpenScreen, holdsAny, isItemVisible, MENU, visibleMenu, type MenuViewer } from './menu';

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
