import { AppError } from '@cskh/kit';
import { planHandOut } from '@cskh/kit/data';
import { assignMessage, REFUND_HAND_OUT } from './assign';
import { RMSG } from './messages';

describe('hand-out of refund requests', () => {
  it('takes each username once with a whole count from 1 to 1000', () => {
    expect(
      planHandOut(
        [
          { username: ' nv01 ', count: 2 },
          { username: 'nv02', count: 1 },
        ],
        REFUND_HAND_OUT,
      ),
    ).toEqual(
      new Map([
        ['nv01', 2],
        ['nv02', 1],
      ]),
    );
    expect(() => planHandOut([], REFUND_HAND_OUT)).toThrow(new AppError('VALIDATION', RMSG.assignEmpty));
    expect(() => planHandOut([{ username: '', count: 1 }], REFUND_HAND_OUT)).toThrow(new AppError('VALIDATION', RMSG.assignNoStaff));
    expect(() => planHandOut([{ username: 'nv01', count: 0 }], REFUND_HAND_OUT)).toThrow(
      new AppError('VALIDATION', RMSG.assignCountInvalid),
    );
    expect(() => planHandOut([{ username: 'nv01', count: 1.5 }], REFUND_HAND_OUT)).toThrow(AppError);
    expect(() => planHandOut([{ username: 'nv01', count: 1001 }], REFUND_HAND_OUT)).toThrow(AppError);
    expect(() =>
      planHandOut(
        [
          { username: 'nv01', count: 1 },
          { username: 'NV01', count: 1 },
        ],
        REFUND_HAND_OUT,
      ),
    ).toThrow(new AppError('VALIDATION', RMSG.assignTwice('NV01')));
  });
  it("says the spec's success text, and when the pool ran short or was empty", () => {
    const asked = [
      { username: 'a', count: 2 },
      { username: 'b', count: 2 },
    ];
    expect(assignMessage(asked, asked)).toBe('Phân chia dữ liệu thành công.');
    expect(
      assignMessage(asked, [
        { username: 'a', count: 2 },
        { username: 'b', count: 1 },
      ]),
    ).toBe('Phân chia dữ liệu thành công. Đã giao 3 yêu cầu, ít hơn số yêu cầu vì không còn yêu cầu chưa giao.');
    expect(
      assignMessage(asked, [
        { username: 'a', count: 0 },
        { username: 'b', count: 0 },
      ]),
    ).toBe('Không còn yêu cầu hoàn tiền nào chưa giao.');
  });
});
