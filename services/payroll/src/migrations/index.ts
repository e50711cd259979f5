import { PayrollInit1733300000000 } from './1733300000000-init';

export const payrollMigrations = [PayrollInit1733300000000];
