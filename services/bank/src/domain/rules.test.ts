import { AppError } from '@cskh/kit';
import {
  allowedActions,
  APPROVED,
  checkDecision,
  checkDeletable,
  checkPhone,
  checkProcessing,
  MessageState,
  PENDING,
  planContactEdit,
  REJECTED,
} from './rules';
import { MSG } from './messages';

const msg = (over: Partial<MessageState> = {}): MessageState => ({
  is_read: 0,
  so_dien_thoai: '',
  goi_cuoc: '',
  trang_thai_duyet_thong_tin: PENDING,
  username_duyet_trang_thai_duyet_thong_tin: null,
  ...over,
});

const code = (f: () => unknown) => {
  try {
    f();
  } catch (e) {
    return (e as AppError).code + ': ' + (e as AppError).msg;
  }
  return 'ok';
};

describe('processing status (spec 1 §4)', () => {
  it('goes 0 → 1 by priority below 3 only', () => {
    expect(checkProcessing(1, msg(), 1)).toBe(true);
    expect(checkProcessing(2, msg(), 1)).toBe(true);
    expect(code(() => checkProcessing(3, msg(), 1))).toBe(`FORBIDDEN: ${MSG.processingForbidden}`);
    expect(code(() => checkProcessing(5, msg(), 1))).toBe(`FORBIDDEN: ${MSG.processingForbidden}`);
  });

  it('does not go back, and setting the same value changes nothing', () => {
    expect(code(() => checkProcessing(1, msg({ is_read: 1 }), 0))).toBe(`PRECONDITION: ${MSG.alreadyProcessed}`);
    expect(checkProcessing(1, msg({ is_read: 1 }), 1)).toBe(false);
    expect(checkProcessing(1, msg(), 0)).toBe(false);
  });

  it('knows only 0 and 1', () => {
    expect(code(() => checkProcessing(1, msg(), 2))).toBe(`VALIDATION: ${MSG.isReadInvalid}`);
  });
});

describe('phone and package edits (spec 1 §4)', () => {
  it('senior staff change both freely while unprocessed', () => {
    const m = msg({ so_dien_thoai: '0912345678', goi_cuoc: 'MXH100' });
    expect(planContactEdit(2, m, { so_dien_thoai: '0987654321', goi_cuoc: ' V90 ' })).toEqual({
      so_dien_thoai: '0987654321',
      goi_cuoc: 'V90',
    });
    expect(planContactEdit(1, m, { goi_cuoc: '' })).toEqual({ so_dien_thoai: '0912345678', goi_cuoc: '' });
  });

  it('staff above priority 2 fill only empty fields', () => {
    expect(planContactEdit(5, msg(), { so_dien_thoai: '0912345678' })).toEqual({ so_dien_thoai: '0912345678', goi_cuoc: '' });
    const m = msg({ so_dien_thoai: '0912345678' });
    expect(planContactEdit(4, m, { goi_cuoc: 'MXH100' })).toEqual({ so_dien_thoai: '0912345678', goi_cuoc: 'MXH100' });
    expect(code(() => planContactEdit(3, m, { so_dien_thoai: '0987654321' }))).toBe(`FORBIDDEN: ${MSG.phoneFilled}`);
    expect(code(() => planContactEdit(5, m, { so_dien_thoai: '' }))).toBe(`FORBIDDEN: ${MSG.phoneFilled}`);
    expect(code(() => planContactEdit(5, msg({ goi_cuoc: 'A' }), { goi_cuoc: 'B' }))).toBe(`FORBIDDEN: ${MSG.packageFilled}`);
    // The same value again is no change, so it is not refused.
    expect(planContactEdit(5, m, { so_dien_thoai: '0912345678' })).toEqual({ so_dien_thoai: '0912345678', goi_cuoc: '' });
  });

  it('are read-only once processed or decided', () => {
    expect(code(() => planContactEdit(1, msg({ is_read: 1 }), { goi_cuoc: 'X' }))).toBe(`PRECONDITION: ${MSG.readOnlyProcessed}`);
    const decided = msg({
      so_dien_thoai: '0912345678',
      goi_cuoc: 'X',
      trang_thai_duyet_thong_tin: REJECTED,
      username_duyet_trang_thai_duyet_thong_tin: 'boss',
    });
    expect(code(() => planContactEdit(1, decided, { goi_cuoc: 'Y' }))).toBe(`PRECONDITION: ${MSG.readOnlyDecided}`);
  });

  it('checks the phone and the package', () => {
    expect(checkPhone(' 0912 345 678 ')).toBe('0912 345 678');
    expect(checkPhone('+84912345678')).toBe('+84912345678');
    expect(code(() => checkPhone('12345'))).toBe(`VALIDATION: ${MSG.phoneInvalid}`);
    expect(code(() => checkPhone('09123abc45678'))).toBe(`VALIDATION: ${MSG.phoneInvalid}`);
    expect(code(() => planContactEdit(1, msg(), { goi_cuoc: 'x'.repeat(51) }))).toBe(`VALIDATION: ${MSG.packageTooLong}`);
  });
});

describe('approval (spec 1 §4)', () => {
  const ready = msg({ so_dien_thoai: '0912345678', goi_cuoc: 'MXH100' });

  it('approve sets 1, deny sets 2, by priority below 3', () => {
    expect(checkDecision(1, ready, 'approve')).toBe(APPROVED);
    expect(checkDecision(2, ready, 'deny')).toBe(REJECTED);
    expect(code(() => checkDecision(3, ready, 'approve'))).toBe(`FORBIDDEN: ${MSG.decideForbidden}`);
  });

  it('needs phone and package, and no approver yet', () => {
    expect(code(() => checkDecision(1, msg({ so_dien_thoai: '0912345678' }), 'approve'))).toBe(`PRECONDITION: ${MSG.decideNeedsInfo}`);
    expect(code(() => checkDecision(1, msg({ goi_cuoc: 'X' }), 'deny'))).toBe(`PRECONDITION: ${MSG.decideNeedsInfo}`);
    const decided = { ...ready, trang_thai_duyet_thong_tin: APPROVED, username_duyet_trang_thai_duyet_thong_tin: 'boss' };
    expect(code(() => checkDecision(1, decided, 'deny'))).toBe(`PRECONDITION: ${MSG.alreadyDecided('boss')}`);
  });

  it('an approved message is not deleted', () => {
    expect(code(() => checkDeletable({ trang_thai_duyet_thong_tin: APPROVED }))).toBe(`PRECONDITION: ${MSG.deleteApproved}`);
    expect(code(() => checkDeletable({ trang_thai_duyet_thong_tin: REJECTED }))).toBe('ok');
  });
});

describe('what a viewer may do now', () => {
  it('follows the same rules', () => {
    const empty = msg();
    expect(allowedActions(5, empty)).toEqual({ can_edit_phone: true, can_edit_package: true, can_decide: false, can_process: false });
    const filledIn = msg({ so_dien_thoai: '0912345678', goi_cuoc: 'X' });
    expect(allowedActions(4, filledIn)).toEqual({ can_edit_phone: false, can_edit_package: false, can_decide: false, can_process: false });
    expect(allowedActions(2, filledIn)).toEqual({ can_edit_phone: true, can_edit_package: true, can_decide: true, can_process: true });
    expect(allowedActions(1, { ...filledIn, is_read: 1 })).toEqual({
      can_edit_phone: false,
      can_edit_package: false,
      can_decide: true,
      can_process: false,
    });
    const decided = { ...filledIn, trang_thai_duyet_thong_tin: APPROVED, username_duyet_trang_thai_duyet_thong_tin: 'boss' };
    expect(allowedActions(1, decided)).toEqual({ can_edit_phone: false, can_edit_package: false, can_decide: false, can_process: true });
  });
});
