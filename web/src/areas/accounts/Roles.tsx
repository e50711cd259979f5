import { useMemo, useRef, useState } from 'react';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import { ACCOUNT_HISTORY, ACCOUNT_LISTS, rolesApi, type Role } from './api';
import { useLoad } from '../../common/refdata';
import ListScreen from '../../list/ListScreen';
import type { ListConfig, ListHandle } from '../../list/types';
import FormDialog from '../../form/FormDialog';
import { roleFormConfig } from './roleForm';
import { mayActOn } from '../../api/access';

/** Roles (/sys/roles, 'Quản lý vai trò', spec 1 §2.7). */
export default function Roles() {
  const listRef = useRef<ListHandle>(null);
  const [dialog, setDialog] = useState<{ role: Role | null } | null>(null);
  const permissions = useLoad(rolesApi.permissions, []);
  const roleForm = useMemo(() => roleFormConfig(permissions.value), [permissions.value]);

  const config = useMemo<ListConfig<Role>>(
    () => ({
      id: 'roles',
      title: 'Quản lý vai trò',
      endpoint: ACCOUNT_LISTS.roles,
      pageSizes: [5, 10, 25],
      defaultPageSize: 10,
      filters: [{ key: 'name', type: 'text', placeholder: 'Tìm kiếm', label: 'Tìm kiếm', testId: 'roles-filter-name' }],
      toolbar: [
        {
          key: 'create',
          label: 'Tạo vai trò',
          icon: <AddIcon />,
          testId: 'create-role-button',
          visible: (ctx) => ctx.session.has('role.add'),
          onClick: () => setDialog({ role: null }),
        },
      ],
      rowTestId: (r) => `role-row-${r.name}`,
      columns: [
        { field: 'name', headerName: 'Tên vai trò', flex: 2 },
        { field: 'priority', headerName: 'Độ ưu tiên', kind: 'number', width: 120, align: 'center' },
        { field: 'actions', headerName: 'Thao tác', kind: 'actions', width: 150 },
      ],
      history: {
        endpoint: (r) => ACCOUNT_HISTORY.role(r.id),
        fieldLabels: { name: 'Tên vai trò', priority: 'Độ ưu tiên', permissions: 'Quyền' },
        title: (r) => `Lịch sử thay đổi: ${r.name}`,
        testId: (r) => `role-history-${r.name}`,
      },
      // The server's rule: nobody edits or deletes a role above their own.
      allowed: (r, viewer) => mayActOn(viewer.priority, r.priority),
      rowActions: [
        {
          key: 'edit',
          label: 'Sửa vai trò',
          icon: <EditIcon fontSize="small" />,
          color: 'primary',
          testId: (r) => `role-edit-${r.name}`,
          visible: (_r, ctx) => ctx.session.has('role.edit'),
          run: (r) => setDialog({ role: r }),
        },
        {
          key: 'delete',
          label: 'Xoá vai trò',
          icon: <DeleteIcon fontSize="small" />,
          color: 'error',
          testId: (r) => `role-delete-${r.name}`,
          visible: (_r, ctx) => ctx.session.has('role.delete'),
          confirm: (r) => ({ title: 'Xoá vai trò', message: `Bạn có chắc muốn xoá vai trò ${r.name}?`, danger: true }),
          run: (r) => rolesApi.remove(r.id),
          successMsg: 'Xoá vai trò thành công',
          errorMsg: 'Xoá vai trò không thành công',
        },
      ],
    }),
    [],
  );

  return (
    <>
      <ListScreen ref={listRef} config={config} />
      <FormDialog
        config={roleForm}
        testIdPrefix="role"
        open={!!dialog}
        mode={dialog?.role ? 'edit' : 'create'}
        row={dialog?.role ?? null}
        onClose={() => setDialog(null)}
        onSaved={() => {
          setDialog(null);
          listRef.current?.reload();
        }}
      />
    </>
  );
}
