import { useMemo } from 'react';
import { ACCOUNT_LISTS, type PermissionRef } from './api';
import ListScreen from '../../list/ListScreen';
import type { ListConfig } from '../../list/types';

/** 'Quyền' (/sys/permissions): the permission catalogue on the generic list, sizes 5/10/25 (spec 1 §9). */
export default function Permissions() {
  const config = useMemo<ListConfig<PermissionRef>>(
    () => ({
      id: 'permissions',
      title: 'Quyền',
      endpoint: ACCOUNT_LISTS.permissions,
      pageSizes: [5, 10, 25],
      defaultPageSize: 10,
      filters: [{ key: 'name', type: 'text', label: 'Tìm kiếm', placeholder: 'Mã, tên hoặc nhóm quyền', width: 260 }],
      rowTestId: (p) => `permissions-row-${p.code}`,
      columns: [
        { field: '__index', headerName: '#', kind: 'index' },
        { field: 'code', headerName: 'Mã quyền', minWidth: 160 },
        { field: 'name', headerName: 'Tên quyền', flex: 2, minWidth: 200 },
        { field: 'category', headerName: 'Nhóm', minWidth: 140 },
      ],
    }),
    [],
  );
  return <ListScreen config={config} />;
}
