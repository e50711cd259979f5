import { PayrollInit1733300000000 } from './1733300000000-init';
import { PayrollListVolume1733600000000 } from './1733600000000-list-volume';
import { PayrollReportKeys1733700000000 } from './1733700000000-report-keys';
import { PayrollRefundDeleted1733800000000 } from './1733800000000-refund-deleted';
import { PayrollTypedSearch1735100000000 } from './1735100000000-typed-search';

export const payrollMigrations = [
  PayrollInit1733300000000,
  PayrollListVolume1733600000000,
  PayrollReportKeys1733700000000,
  PayrollRefundDeleted1733800000000,
  PayrollTypedSearch1735100000000,
];
