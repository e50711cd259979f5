import { decide, PartnerDesk } from './partner';

const topUp = (phone: string, amount = 100_000) => ({ request_id: 'r', phone, amount, kind: 'topup', package: 'V120' });

describe('card gateway desk (simulated partner)', () => {
  it('decides by the phone’s last digit: refused, pending, paid without an answer, paid', () => {
    expect(decide('912345677', 1000).result).toEqual({
      status: 'REFUSED',
      code: 17,
      message: 'Thuê bao đang bị khóa, không nạp được tiền',
    });
    expect(decide('912345676', 1000).result.status).toBe('PENDING');
    expect(decide('912345678', 1000)).toMatchObject({ hangFirst: true, result: { status: 'SUCCESS' } });
    expect(decide('912345671', 120000)).toEqual({
      hangFirst: false,
      result: { status: 'SUCCESS', code: 0, message: 'Nạp thành công 120.000 đ cho thuê bao 912345671' },
    });
  });

  it('pays once per key: a retry gets the first answer and pays nothing more', () => {
    const desk = new PartnerDesk(() => 0);
    expect(desk.topUp('cong_nap_the', 'k1', topUp('0912345671'))).toMatchObject({
      hold: false,
      httpStatus: 200,
      body: { status: 'SUCCESS' },
    });
    expect(desk.topUp('cong_nap_the', 'k1', topUp('0912345671', 999))).toMatchObject({
      httpStatus: 200,
      body: { message: 'Nạp thành công 100.000 đ cho thuê bao 912345671' },
    });
    expect(desk.find('cong_nap_the', 'k1')).toMatchObject({ calls: 2, paid: 1, amount: 100000 });
    // The other gateway is another partner: its keys are its own.
    expect(desk.find('cong_nap_the_1', 'k1')).toBeUndefined();
  });

  it('a call that hangs has paid; the retry answers that payment', () => {
    const desk = new PartnerDesk();
    expect(desk.topUp('cong_nap_the_1', 'k2', topUp('0912345678'))).toEqual({ hold: true });
    expect(desk.find('cong_nap_the_1', 'k2')).toMatchObject({ paid: 1 });
    expect(desk.topUp('cong_nap_the_1', 'k2', topUp('0912345678'))).toMatchObject({
      hold: false,
      httpStatus: 200,
      body: { status: 'SUCCESS' },
    });
    expect(desk.find('cong_nap_the_1', 'k2')).toMatchObject({ calls: 2, paid: 1 });
  });

  it('refuses with 422 and a message, pays nothing; a request it cannot read is a 400', () => {
    const desk = new PartnerDesk();
    expect(desk.topUp('cong_nap_the', 'k3', topUp('0912345677'))).toEqual({
      hold: false,
      httpStatus: 422,
      body: { status: 'REFUSED', code: 17, message: 'Thuê bao đang bị khóa, không nạp được tiền' },
    });
    expect(desk.find('cong_nap_the', 'k3')).toMatchObject({ paid: 0 });
    expect(desk.topUp('cong_nap_the', 'k4', topUp('12'))).toMatchObject({ httpStatus: 422, body: { message: 'Số thuê bao không hợp lệ' } });
    expect(desk.topUp('cong_nap_the', 'k5', topUp('0912345671', 1.5))).toMatchObject({
      httpStatus: 422,
      body: { message: 'Số tiền nạp không hợp lệ' },
    });
    expect(desk.topUp('cong_nap_the', undefined, topUp('0912345671'))).toEqual({
      hold: false,
      httpStatus: 400,
      body: { error: 'Thiếu Idempotency-Key' },
    });
    expect(desk.topUp('cong_khac', 'k6', topUp('0912345671'))).toMatchObject({ httpStatus: 400 });
  });
});
