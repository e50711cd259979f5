import { makeSession } from '../../common/session';
import type { FormContext, FormMode } from '../../form/types';
import { initialValues, isFieldVisible, missingRequired, submitValues } from '../../form/values';
import type { SystemAccount } from './api';
import { KEEP_PASSWORD_HINT, systemAccountFormConfig, systemAccountRequest } from './systemAccountForm';

const fields = systemAccountFormConfig.fields;
const stored = {
  id: 'a1',
  position: 'VNPT',
  account: 'cskh',
  api: 'https://api.vnpt.vn',
  additional_content: '{}',
  has_password: true,
  created_at: '',
};
const ctx = (mode: FormMode): FormContext<SystemAccount> => ({
  viewer: makeSession({ username: 'admin' } as any, { id: 'r', name: 'Quản trị', priority: 1 }, ['systemaccount']),
  mode,
  row: mode === 'edit' ? stored : null,
  options: {},
});
const filled = { position: 'VNPT', account: 'cskh', password: 'Bi@mat1', api: 'https://api.vnpt.vn', additional_content: '' };

describe('system account dialog', () => {
  it('needs position, account, password and api to create; additional content is optional', () => {
    const blank = initialValues(fields, 'create', null);
    expect(missingRequired(fields, blank, ctx('create')).map((f) => f.key)).toEqual(['position', 'account', 'password', 'api']);
    expect(missingRequired(fields, filled, ctx('create'))).toEqual([]);
  });

  it('never pre-fills a password when editing, and a blank one keeps the stored password', () => {
    const values = initialValues(fields, 'edit', stored);
    expect(values).toMatchObject({ position: 'VNPT', account: 'cskh', api: 'https://api.vnpt.vn', password: '' });
    expect(missingRequired(fields, values, ctx('edit'))).toEqual([]);
    const sent = submitValues(fields, values, ctx('edit'));
    expect('password' in sent).toBe(false);
    // The server reads '' as 'keep the stored password'.
    expect(systemAccountRequest(sent)).toEqual({
      position: 'VNPT',
      account: 'cskh',
      password: '',
      api: 'https://api.vnpt.vn',
      additional_content: '{}',
    });
    const password = fields.find((f) => f.key === 'password')!;
    expect(password.helperText?.(values, ctx('edit'))).toBe(KEEP_PASSWORD_HINT);
    expect(password.helperText?.(values, ctx('create'))).toBeUndefined();
  });

  it('sends a new password as typed and trims the other texts', () => {
    const sent = submitValues(fields, { ...filled, position: '  VNPT ', password: ' Bi@mat1 ' }, ctx('edit'));
    expect(systemAccountRequest(sent)).toMatchObject({ position: 'VNPT', password: ' Bi@mat1 ' });
    expect(fields.every((f) => isFieldVisible(f, filled, ctx('edit')))).toBe(true);
  });
});
