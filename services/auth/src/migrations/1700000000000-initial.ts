import { MigrationInterface, QueryRunner } from 'typeorm';
import { outboxTableSql } from '@cskh/kit/messaging';
import { SCHEMA } from '../store/schema';

const S = `"${SCHEMA}"`;

/** Accounts, roles and permissions, invite channels, system accounts and the outbox. */
export class AuthInitial1700000000000 implements MigrationInterface {
  name = 'AuthInitial1700000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE ${S}.permissions (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        code text NOT NULL,
        name text NOT NULL,
        category text NOT NULL,
        sort_order int NOT NULL DEFAULT 0
      );
      CREATE UNIQUE INDEX permissions_code ON ${S}.permissions (code);

      CREATE TABLE ${S}.roles (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        name text NOT NULL,
        priority int NOT NULL CHECK (priority BETWEEN 1 AND 7),
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE UNIQUE INDEX roles_name ON ${S}.roles (lower(name));

      CREATE TABLE ${S}.role_permissions (
        role_id uuid NOT NULL REFERENCES ${S}.roles(id) ON DELETE CASCADE,
        permission_id uuid NOT NULL REFERENCES ${S}.permissions(id) ON DELETE CASCADE,
        PRIMARY KEY (role_id, permission_id)
      );

      CREATE TABLE ${S}.users (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        username text NOT NULL,
        password_hash text NOT NULL,
        fullname text NOT NULL,
        email text NOT NULL DEFAULT '',
        phone text NOT NULL DEFAULT '',
        avatar text NOT NULL DEFAULT '',
        role_id uuid NOT NULL REFERENCES ${S}.roles(id),
        brand_id uuid REFERENCES ${S}.users(id),
        group_id uuid REFERENCES ${S}.users(id),
        is_deleted boolean NOT NULL DEFAULT false,
        custom_permissions boolean NOT NULL DEFAULT false,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE UNIQUE INDEX users_username ON ${S}.users (lower(username));
      CREATE INDEX users_role ON ${S}.users (role_id);
      CREATE INDEX users_brand ON ${S}.users (brand_id);
      CREATE INDEX users_created ON ${S}.users (created_at, id);

      CREATE TABLE ${S}.user_permissions (
        user_id uuid NOT NULL REFERENCES ${S}.users(id) ON DELETE CASCADE,
        permission_id uuid NOT NULL REFERENCES ${S}.permissions(id) ON DELETE CASCADE,
        PRIMARY KEY (user_id, permission_id)
      );

      CREATE TABLE ${S}.invite_channels (
        staff_username text NOT NULL,
        kenh text NOT NULL CHECK (kenh IN ('ma_xac_nhan_1', 'ma_xac_nhan_2', 'ma_xac_nhan_3', 'ma_xac_nhan_4')),
        active boolean NOT NULL DEFAULT false,
        updated_by text NOT NULL DEFAULT '',
        updated_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (staff_username, kenh)
      );

      CREATE TABLE ${S}.system_accounts (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        position text NOT NULL,
        account text NOT NULL,
        password_enc text NOT NULL,
        api text NOT NULL,
        additional_content text NOT NULL DEFAULT '',
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX system_accounts_position ON ${S}.system_accounts (lower(position));
    `);
    await q.query(outboxTableSql(SCHEMA));
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      DROP TABLE IF EXISTS ${S}.outbox;
      DROP TABLE IF EXISTS ${S}.system_accounts;
      DROP TABLE IF EXISTS ${S}.invite_channels;
      DROP TABLE IF EXISTS ${S}.user_permissions;
      DROP TABLE IF EXISTS ${S}.users;
      DROP TABLE IF EXISTS ${S}.role_permissions;
      DROP TABLE IF EXISTS ${S}.roles;
      DROP TABLE IF EXISTS ${S}.permissions;
    `);
  }
}
