import { WORDS } from '../../common/words';
import { lazyScreen, type Area } from '../types';
import { HOME_PATH } from './paths';

const Dashboard = lazyScreen(() => import('./Dashboard'));

export { HOME_PATH };

/** The landing tab and the template dashboards (spec 1 §2.1: static demo widgets, no figures). */
export const homeArea: Area = {
  key: 'home',
  screens: [
    { path: HOME_PATH, title: WORDS.home, component: Dashboard, menu: { permissions: [], section: 'main', icon: 'dashboard', order: 0 } },
    { path: '/app/dashboard', title: WORDS.home, component: Dashboard },
    { path: '/sys/dashboard', title: WORDS.home, component: Dashboard },
  ],
};
