/**
 * Typed calls of the payroll service (spec 2 §7 "Reports", "Payroll extras"). The server applies
 * every rule (subtree, masking, hidden columns, export ban, edit rights, month lock, the formulas)
 * — these only carry them.
 */
import type { payroll_v1_payroll } from '@cskh/proto';
import { PayrollService } from '../../api/gen/routes';

export type DetailedRow = payroll_v1_payroll.DetailedRow;
export type RevenueSummaryRow = payroll_v1_payroll.RevenueSummaryRow;
export type Report9279Row = payroll_v1_payroll.Report9279Row;
export type ReconciliationRow = payroll_v1_payroll.ReconciliationRow;
export type PayrollRow = payroll_v1_payroll.PayrollRow;
export type PayrollList = payroll_v1_payroll.PayrollList;
export type DailyRevenue = payroll_v1_payroll.DailyRevenue;
/** The reports' list answers (rows, count and the totals over the whole filter). */
export type DetailedList = payroll_v1_payroll.DetailedList;
export type RevenueSummaryList = payroll_v1_payroll.RevenueSummaryList;
export type Report9279List = payroll_v1_payroll.Report9279List;
export type ReconciliationList = payroll_v1_payroll.ReconciliationList;

export const DETAILED_REPORT = PayrollService.listDetailed.url();
export const STAFF_REPORT = PayrollService.listStaffRevenue.url();
export const BRANCH_REPORT = PayrollService.listBranchRevenue.url();
export const REPORT_9279 = PayrollService.list9279.url();
export const RECONCILIATION = PayrollService.listReconciliation.url();
export const PAYROLL = PayrollService.listPayroll.url();
export const ATTENDANCE_IMPORT = PayrollService.saveAttendance;
export const MANUAL_IMPORT = PayrollService.saveManualData;
export const revenueHistory = (id: string) => PayrollService.revenueHistory.url({ id });
export const payrollHistory = (id: string) => PayrollService.payrollHistory.url({ id });

export const payrollApi = {
  staff: () => PayrollService.listStaff(),
  byDay: (filters: Record<string, unknown>) => PayrollService.revenueByDay.send(filters),
  detailed: (filters: Record<string, unknown>, signal?: AbortSignal) => PayrollService.listDetailed.send(filters, { signal }),
  updateUser: (body: { username: string; track0: string; track1: string }) => PayrollService.updateRevenueUser(body),
  findPayroll: (username: string, thangTinhLuong: string) => PayrollService.findPayroll({ username, thangTinhLuong }),
  updatePayroll: (body: Record<string, unknown>) => PayrollService.updatePayroll.send(body),
  closeMonth: (thangTinhLuong: string) => PayrollService.closeMonth({ thangTinhLuong }),
};

export async function staffOptions() {
  const list = await payrollApi.staff();
  return list.values.map((s) => ({ value: s.username, label: s.fullname ? `${s.username} - ${s.fullname}` : s.username, indent: s.level }));
}
