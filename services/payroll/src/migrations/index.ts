import { PayrollInit1733300000000 } from './1733300000000-init';
import { PayrollListVolume1733600000000 } from './1733600000000-list-volume';

export const payrollMigrations = [PayrollInit1733300000000, PayrollListVolume1733600000000];
