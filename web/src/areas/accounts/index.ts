import { lazyScreen, type Area } from '../types';

export * from './api';

const Accounts = lazyScreen(() => import('./Accounts'));
const Roles = lazyScreen(() => import('./Roles'));
const Profile = lazyScreen(() => import('./Profile'));
const Permissions = lazyScreen(() => import('./Permissions'));
const SystemAccounts = lazyScreen(() => import('./SystemAccounts'));

export const PROFILE_PATH = '/sys/profile';

/** Staff accounts, roles, the personal profile, system accounts and settings (auth service, spec 1 §2.5–2.7, spec 2 §2.11–2.12). */
export const accountsArea: Area = {
  key: 'accounts',
  screens: [
    {
      path: '/sys/accounts',
      title: 'Quản lý nhân viên',
      component: Accounts,
      menu: { permissions: ['user.get', 'user.edit', 'user.add', 'user.delete'], section: 'admin', icon: 'people', order: 1000 },
    },
    {
      path: '/sys/roles',
      title: 'Quản lý vai trò',
      component: Roles,
      menu: { title: 'Phân quyền theo vai trò', permissions: ['role.*'], section: 'admin', icon: 'security', order: 1020 },
    },
    { path: PROFILE_PATH, title: 'Tài khoản cá nhân', component: Profile },
    { path: '/sys/permissions', title: 'Quyền', component: Permissions },
    {
      path: '/sys/systemaccount',
      title: 'Tài khoản hệ thống',
      component: SystemAccounts,
      menu: { permissions: ['systemaccount'], section: 'admin', icon: 'account', order: 1060 },
    },
  ],
};
