import { EntitySchema } from 'typeorm';

/** One permission code of the catalogue (seeded; not editable through the API). */
export interface PermissionRow {
  id: string;
  code: string;
  name: string;
  category: string;
  sort_order: number;
}

export const PermissionEntity = new EntitySchema<PermissionRow>({
  name: 'Permission',
  tableName: 'permissions',
  columns: {
    id: { type: 'uuid', primary: true, generated: 'uuid' },
    code: { type: 'text', unique: true },
    name: { type: 'text' },
    category: { type: 'text' },
    sort_order: { type: 'int', default: 0 },
  },
});
