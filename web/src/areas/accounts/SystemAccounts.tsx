import { useMemo, useRef } from 'react';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import { ACCOUNT_LISTS, systemAccountsApi, type SystemAccount } from './api';
import { useRecordDialog } from '../../form/useRecordDialog';
import ListScreen from '../../list/ListScreen';
import type { ListConfig, ListHandle } from '../../list/types';
import { systemAccountFormConfig } from './systemAccountForm';

/**
 * 'Tài khoản hệ thống' (/sys/systemaccount, spec 2 §2.12): search, table with #, 'Đăng nhập vào'
 * and actions, the create/edit dialog, delete after 'Xác nhận xoá bản ghi'. Passwords are never
 * shown: the server answers only whether one is stored.
 */
export default function SystemAccounts() {
  const listRef = useRef<ListHandle>(null);
  const form = useRecordDialog<SystemAccount>(systemAccountFormConfig, 'systemaccount-form', () => listRef.current?.reload());
  const { openCreate, openEdit } = form;

  const config = useMemo<ListConfig<SystemAccount>>(
    () => ({
      id: 'systemaccount',
      title: 'Tài khoản hệ thống',
      endpoint: ACCOUNT_LISTS.systemAccounts,
      filters: [{ key: 'name', type: 'text', label: 'Tìm kiếm', placeholder: 'Đăng nhập vào, tài khoản', width: 260 }],
      toolbar: [{ key: 'create', label: 'Thêm tài khoản', icon: <AddIcon />, onClick: () => openCreate() }],
      columns: [
        { field: '__index', headerName: '#', kind: 'index' },
        { field: 'position', headerName: 'Đăng nhập vào', flex: 2 },
        { field: 'actions', headerName: 'Thao tác', kind: 'actions', width: 120 },
      ],
      rowActions: [
        {
          key: 'edit',
          label: 'Sửa',
          icon: <EditIcon fontSize="small" />,
          color: 'primary',
          run: (r) => openEdit(r),
        },
        {
          key: 'delete',
          label: 'Xoá',
          icon: <DeleteIcon fontSize="small" />,
          color: 'error',
          confirm: { title: 'Xoá tài khoản hệ thống', message: 'Xác nhận xoá bản ghi', danger: true },
          run: (r) => systemAccountsApi.remove(r.id),
          successMsg: 'Xoá tài khoản hệ thống thành công',
          errorMsg: 'Xoá tài khoản hệ thống không thành công',
        },
      ],
    }),
    [openCreate, openEdit],
  );

  return (
    <>
      <ListScreen ref={listRef} config={config} />
      {form.dialog}
    </>
  );
}
