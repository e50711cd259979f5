import CheckIcon from '@mui/icons-material/Check';
import CloseIcon from '@mui/icons-material/Close';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import ReplayIcon from '@mui/icons-material/Replay';
import type { RowAction } from '../../list/types';
import { notify } from '../../store';
import { isManager } from '../../api/access';
import { canDeleteRequest, noticeText, requestApi, type RefundRequest } from './api';

/** Shows the partner notices of a creation or a retry (spec 2 §8) as one alert. */
export function showNotices(reply: unknown) {
  const text = noticeText(reply as Parameters<typeof noticeText>[0]);
  if (text) notify(text, 'info');
}

/** A request's row actions: correct the subscriber (`correct` opens its dialog), approve or reject a top-up, retry at the partner, delete. */
export function requestRowActions(correct: (row: RefundRequest) => void): RowAction<RefundRequest>[] {
  return [
    {
      key: 'subscriber',
      label: 'Sửa số thuê bao',
      icon: <EditIcon fontSize="small" />,
      visible: (_r, ctx) => isManager(ctx.session.priority),
      run: (r) => correct(r),
      testId: (r) => `requestrefund-subscriber-${r.id}`,
    },
    {
      key: 'approve',
      label: 'Duyệt',
      icon: <CheckIcon fontSize="small" />,
      color: 'success',
      visible: (r, ctx) => r.request_type === 5 && !r.approver && ctx.session.has('requestrefund.duyet-don-chuyen-khoan'),
      confirm: 'Xác nhận duyệt đơn này?',
      run: (r) => requestApi.approve(r.id, 1),
      successMsg: 'Duyệt đơn thành công',
      errorMsg: 'Duyệt đơn không thành công',
      testId: (r) => `requestrefund-approve-${r.id}`,
    },
    {
      key: 'reject',
      label: 'Từ chối',
      icon: <CloseIcon fontSize="small" />,
      color: 'error',
      visible: (r, ctx) => r.request_type === 5 && !r.approver && ctx.session.has('requestrefund.duyet-don-chuyen-khoan'),
      confirm: 'Xác nhận từ chối đơn này?',
      run: (r) => requestApi.approve(r.id, 2),
      successMsg: 'Từ chối đơn thành công',
      errorMsg: 'Từ chối đơn không thành công',
      testId: (r) => `requestrefund-reject-${r.id}`,
    },
    {
      key: 'retry',
      label: 'Gửi lại cổng nạp thẻ',
      icon: <ReplayIcon fontSize="small" />,
      color: 'warning',
      visible: (r) => !!r.can_retry,
      confirm: 'Xác nhận gửi lại yêu cầu tới cổng nạp thẻ?',
      run: async (r) => showNotices(await requestApi.retry(r.id)),
      errorMsg: 'Gửi lại không thành công',
      testId: (r) => `requestrefund-retry-${r.id}`,
    },
    deleteRequestAction('requestrefund', requestApi.remove),
  ];
}

/**
 * 'Xoá' after 'Xác nhận xoá bản ghi', on the request list and the report alike (spec 2 §5, §7): the
 * server decides (priority below 3, not while the card gateway may answer, not after a collected
 * clawback) and audits it.
 */
export function deleteRequestAction(listId: string, remove: (id: string) => Promise<unknown>): RowAction<RefundRequest> {
  return {
    key: 'delete',
    label: 'Xoá',
    icon: <DeleteIcon fontSize="small" />,
    color: 'error',
    visible: (r, ctx) => canDeleteRequest(r, ctx.session.priority),
    confirm: { title: 'Xoá bản ghi', message: 'Xác nhận xoá bản ghi', danger: true },
    run: (r) => remove(r.id),
    successMsg: 'Xoá bản ghi thành công',
    errorMsg: 'Xoá bản ghi thất bại',
    testId: (r) => `${listId}-delete-${r.id}`,
  };
}
