import { EntitySchema } from 'typeorm';

/** Credentials of an outside system (carrier portal, API). The password is stored encrypted only. */
export interface SystemAccountRow {
  id: string;
  position: string;
  account: string;
  /** AES-256-GCM envelope (see domain/secrets.ts); never returned by the API. */
  password_enc: string;
  api: string;
  additional_content: string;
  created_at: Date;
  updated_at: Date;
}

export const SystemAccountEntity = new EntitySchema<SystemAccountRow>({
  name: 'SystemAccount',
  tableName: 'system_accounts',
  columns: {
    id: { type: 'uuid', primary: true, generated: 'uuid' },
    position: { type: 'text' },
    account: { type: 'text' },
    password_enc: { type: 'text' },
    api: { type: 'text' },
    additional_content: { type: 'text', default: '' },
    created_at: { type: 'timestamptz', createDate: true },
    updated_at: { type: 'timestamptz', updateDate: true },
  },
});
