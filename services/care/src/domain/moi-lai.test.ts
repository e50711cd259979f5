import { MSG } from './messages';
import { CALL_BACK_RESULTS, moiLaiRefusal } from './moi-lai';

describe("'Mời lại' (xacNhanMoiLai)", () => {
  it('re-opens the caller’s own call-back customers when no case is open', () => {
    for (const status of CALL_BACK_RESULTS) expect(moiLaiRefusal({ status, taken_by: 'nv1' }, 'nv1', undefined)).toBe('');
  });
  it('refuses someone else’s customer, a final result and a second open case', () => {
    expect(moiLaiRefusal({ status: 'APPOINTMENT', taken_by: 'nv2' }, 'nv1', undefined)).toBe(MSG.notYourCustomer);
    for (const status of ['APPROVED', 'REJECTED', 'KEEP', 'RE-REGISTER', 'REGISTERED', 'TAKECARE', 'ASSIGNED'])
      expect(moiLaiRefusal({ status, taken_by: 'nv1' }, 'nv1', undefined)).toBe(MSG.moiLaiFinal);
    expect(moiLaiRefusal({ status: 'KBM', taken_by: 'nv1' }, 'nv1', 'other-id')).toBe(MSG.moiLaiCaseOpen);
  });
});
