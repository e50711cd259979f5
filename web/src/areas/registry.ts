/**
 * The one screen registry: every area module, listed once. The route table (App.tsx), the tabs
 * (shell/Workspace.tsx) and the menu (shell/menu.ts) are derived from it.
 * Adding an area: see web/README.md ("Adding an area").
 */
import { accountsArea } from './accounts';
import { bankArea } from './bank';
import { careArea } from './care';
import { dataopsArea } from './dataops';
import { HOME_PATH, homeArea } from './home';
import { lookupArea } from './lookup';
import { ordersArea } from './orders';
import { payrollArea } from './payroll';
import { refundsArea } from './refunds';
import type { Area, MenuGroupKey, ScreenDef } from './types';
import type { IconName } from '../common/icons';

export { HOME_PATH };
export { PROFILE_PATH } from './accounts';

export const AREAS: readonly Area[] = [
  homeArea,
  accountsArea,
  lookupArea,
  bankArea,
  careArea,
  ordersArea,
  refundsArea,
  payrollArea,
  dataopsArea,
];

/** Every /app and /sys screen of spec 1 §2.1. */
export const SCREENS: readonly ScreenDef[] = AREAS.flatMap((a) => a.screens);

export interface MenuGroup {
  key: MenuGroupKey;
  title: string;
  /** When given, the group shows only to holders of one of these codes. */
  permissions?: string[];
  icon: IconName;
}

/** Menu groups (spec 1 §2.4); areas place entries in them by key. */
export const MENU_GROUPS: readonly MenuGroup[] = [
  { key: 'messages', title: 'Tra cứu tin nhắn', permissions: ['history.999', 'history.909', 'history.9084', 'history.9332'], icon: 'sms' },
  { key: 'reports', title: 'Báo cáo', icon: 'report' },
];

const byPath = new Map(SCREENS.map((s) => [s.path, s]));
export function screenFor(path: string): ScreenDef | undefined {
  return byPath.get(path);
}
