/**
 * Typed calls of the payroll service (spec 2 §7 "Reports", "Payroll extras"). The server applies
 * every rule (subtree, masking, hidden columns, export ban, edit rights, month lock, the formulas)
 * — these only carry them.
 */
import type { payroll_v1_payroll } from '@cskh/proto';
import { api } from '../../api/client';

export type DetailedRow = payroll_v1_payroll.DetailedRow;
export type RevenueSummaryRow = payroll_v1_payroll.RevenueSummaryRow;
export type Report9279Row = payroll_v1_payroll.Report9279Row;
export type ReconciliationRow = payroll_v1_payroll.ReconciliationRow;
export type PayrollRow = payroll_v1_payroll.PayrollRow;
export type PayrollList = payroll_v1_payroll.PayrollList;
export type DailyRevenue = payroll_v1_payroll.DailyRevenue;

export const DETAILED_REPORT = '/api/v1/report90849332';
export const STAFF_REPORT = '/api/v1/reportstaffrevenue';
export const BRANCH_REPORT = '/api/v1/reportbranchrevenue';
export const REPORT_9279 = '/api/v1/report9279';
export const RECONCILIATION = '/api/v1/dsdttinhluong';
export const PAYROLL = '/api/v1/tinhluong';
export const ATTENDANCE_IMPORT = '/api/v1/tinhluong/saveFileChamCong';
export const MANUAL_IMPORT = '/api/v1/tinhluong/saveFileDuLieuNhapTay';
export const revenueHistory = (id: string) => `${DETAILED_REPORT}/${encodeURIComponent(id)}/history`;
export const payrollHistory = (id: string) => `${PAYROLL}/${encodeURIComponent(id)}/history`;

/** Socket event the server pushes when rows of a month were recalculated. */
export const RECALCULATED_EVENT = 'payroll.recalculated';

export const payrollApi = {
  staff: () => api.get<payroll_v1_payroll.StaffPickList>('/api/v1/payroll/staff'),
  byDay: (filters: Record<string, unknown>) =>
    api.get<payroll_v1_payroll.DailyRevenueList>(`${STAFF_REPORT}/byDay`, filters as Record<string, string>),
  updateUser: (body: { username: string; track0: string; track1: string }) => api.post<DetailedRow>(`${DETAILED_REPORT}/updateUser`, body),
  findPayroll: (username: string, thangTinhLuong: string) => api.post<PayrollRow>(`${PAYROLL}/findTinhLuong`, { username, thangTinhLuong }),
  updatePayroll: (body: Record<string, unknown>) => api.put<payroll_v1_payroll.UpdatePayrollReply>(`${PAYROLL}/updateTinhLuong`, body),
  closeMonth: (thangTinhLuong: string) => api.post<payroll_v1_payroll.MonthState>(`${PAYROLL}/chotThang`, { thangTinhLuong }),
};

/**
 * Staff picker options from the server's list (the caller's subtree in the hierarchy's order): the
 * level gives the indent and the picker's '--'/'----'; the label is 'username - full name'.
 */
export async function staffOptions() {
  const list = await payrollApi.staff();
  return list.values.map((s) => ({ value: s.username, label: s.fullname ? `${s.username} - ${s.fullname}` : s.username, indent: s.level }));
}
