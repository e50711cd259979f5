import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { rolesApi, type PermissionRef, type Role } from './api';
import PermissionChecklist from '../../common/PermissionChecklist';
import type { FormConfig } from '../../form/types';

/** What the role dialog sends: the permissions as the checklist's set of ids. */
type RoleValues = { name: string; priority: number | null; permissions?: Set<string> };

/**
 * The role dialog (spec 1 §2.7, §5): name (required), priority, and the permission checkboxes
 * grouped by category — a custom field whose value is the set of chosen permission ids.
 */
export function roleFormConfig(permissions: PermissionRef[]): FormConfig<Role, RoleValues> {
  return {
    title: (mode) => (mode === 'create' ? 'Tạo vai trò' : 'Cập nhật vai trò'),
    successMsg: (mode) => (mode === 'create' ? 'Tạo vai trò thành công' : 'Cập nhật vai trò thành công'),
    errorMsg: (mode) => (mode === 'create' ? 'Tạo vai trò không thành công' : 'Cập nhật vai trò không thành công'),
    submitLabel: 'Lưu',
    maxWidth: 'md',
    fields: [
      { key: 'name', label: 'Tên vai trò', type: 'text', required: true },
      { key: 'priority', label: 'Độ ưu tiên', type: 'number', default: 5 },
      {
        key: 'permissions',
        label: 'Quyền',
        type: 'custom',
        default: () => new Set<string>(),
        initial: (r) => new Set(r.permissions ?? []),
        render: ({ value, setValue }) => (
          <Box>
            <Typography variant="subtitle2" sx={{ mb: 1 }}>
              Quyền
            </Typography>
            <PermissionChecklist
              permissions={permissions}
              selected={value instanceof Set ? value : new Set<string>()}
              onChange={setValue}
              testIdPrefix="role-perm"
            />
          </Box>
        ),
      },
    ],
    submit: (v, ctx) => {
      const body = { name: v.name, priority: v.priority || 0, permissions: [...(v.permissions ?? [])] };
      return ctx.mode === 'edit' ? rolesApi.update({ id: ctx.row!.id, ...body }) : rolesApi.create(body);
    },
  };
}
