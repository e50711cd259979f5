import { EntitySchema } from 'typeorm';

export interface RoleRow {
  id: string;
  name: string;
  /** Lower number = more power (1 administrator … 5 salesperson; 7 data coordinator). */
  priority: number;
  created_at: Date;
  updated_at: Date;
}

export const RoleEntity = new EntitySchema<RoleRow>({
  name: 'Role',
  tableName: 'roles',
  columns: {
    id: { type: 'uuid', primary: true, generated: 'uuid' },
    name: { type: 'text' },
    priority: { type: 'int' },
    created_at: { type: 'timestamptz', createDate: true },
    updated_at: { type: 'timestamptz', updateDate: true },
  },
});

export interface RolePermissionRow {
  role_id: string;
  permission_id: string;
}

export const RolePermissionEntity = new EntitySchema<RolePermissionRow>({
  name: 'RolePermission',
  tableName: 'role_permissions',
  columns: {
    role_id: { type: 'uuid', primary: true },
    permission_id: { type: 'uuid', primary: true },
  },
});
