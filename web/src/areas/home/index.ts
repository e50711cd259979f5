import { lazy } from 'react';
import type { Area } from '../types';

const Dashboard = lazy(() => import('../../screens/dashboard/Dashboard'));

export const HOME_PATH = '/app/home';

/** The landing tab and the template dashboards (spec 1 §2.1: static demo widgets, no figures). */
export const homeArea: Area = {
  key: 'home',
  screens: [
    { path: HOME_PATH, title: 'Dashboard', component: Dashboard, menu: { permissions: [], section: 'main', icon: 'dashboard', order: 0 } },
    { path: '/app/dashboard', title: 'Dashboard', component: Dashboard },
    { path: '/sys/dashboard', title: 'Dashboard', component: Dashboard },
  ],
};
