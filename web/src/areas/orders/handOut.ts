import { isLeader, seesOwnRowsOnly } from '../../api/access';
import type { HandOut } from '../../common/HandOutDialog';
import type { OrderApi } from './api';

/** The hierarchy's level of a staff option: 0 branch or senior, 1 leader, 2 salesperson. */
const indentOf = (priority: number | undefined) =>
  priority === undefined ? 0 : isLeader(priority) ? 1 : seesOwnRowsOnly(priority) ? 2 : 0;

/**
 * 'Chia đơn': managers hand the uploaded orders that have no staff yet (the pool of
 * count-assign) to staff, a number each; the server hands the oldest first and says how many each got.
 */
export const orderHandOut = (calls: OrderApi, testId: string): HandOut => ({
  testId: `${testId}-assign`,
  title: 'Chia đơn chưa có nhân viên',
  poolText: (n) => `Số đơn chưa chia: ${n}`,
  poolFailed: 'Không tải được số đơn chưa chia',
  countLabel: 'Số lượng',
  submitLabel: 'Chia đơn',
  tallyUnit: 'đơn',
  countPool: async () => Number((await calls.countAssignable()).total ?? 0),
  staff: async () =>
    (await calls.employees()).values.map((s) => ({
      value: s.username,
      label: `${s.username} - ${s.fullname}`,
      indent: indentOf(s.role?.priority),
    })),
  handOut: (items) => calls.assign(items),
});
