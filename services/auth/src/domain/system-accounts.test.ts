import { AppError } from '@cskh/kit';
import { validateSystemAccount } from './system-accounts';

const full = { position: ' Mobifone ', account: ' acc ', password: 'p', api: ' https://x ', additional_content: '{"a":1}' };

function msg(fn: () => unknown): string {
  try {
    fn();
  } catch (e) {
    if (e instanceof AppError) return e.msg;
    throw e;
  }
  return 'ok';
}

describe('system account form', () => {
  it('requires position, account, password and api on create', () => {
    for (const k of ['position', 'account', 'password', 'api'] as const)
      expect(msg(() => validateSystemAccount({ ...full, [k]: '' }, true))).toBe('Có trường bắt buộc chưa được nhập hoặc chưa được chọn');
  });
  it('keeps the stored password when blank on update', () => {
    expect(validateSystemAccount({ ...full, password: '' }, false).password).toBeNull();
  });
  it('still requires the other fields on update', () => {
    expect(msg(() => validateSystemAccount({ ...full, api: ' ' }, false))).toBe('Có trường bắt buộc chưa được nhập hoặc chưa được chọn');
  });
  it('trims the fields and keeps additional content as given', () => {
    expect(validateSystemAccount(full, true)).toEqual({
      position: 'Mobifone',
      account: 'acc',
      password: 'p',
      api: 'https://x',
      additional_content: '{"a":1}',
    });
  });
});
