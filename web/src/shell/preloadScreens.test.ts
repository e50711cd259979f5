import type { MenuViewer } from '../api/viewer';
import { screenFor } from '../areas/registry';
import { screensToPreload } from './preloadScreens';

const viewer = (priority: number, permissions: string[]): MenuViewer => ({ username: 'nv01', priority, permissions });
const component = (path: string) => screenFor(path)!.component!;

describe('the screens preloaded after sign-in', () => {
  it("are those of the person's menu, in menu order", () => {
    const sales = screensToPreload(viewer(5, ['mfy', 'lookup.bank', 'lstracuu']));
    expect(sales).toEqual([component('/app/home'), component('/app/mfy'), component('/app/bank-lookup')]);
    // The admin section is closed to priority 5: its screens are not loaded for nothing.
    expect(sales).not.toContain(component('/sys/lstracuu'));
    expect(screensToPreload(viewer(4, ['lstracuu']))).toContain(component('/sys/lstracuu'));
  });
});
