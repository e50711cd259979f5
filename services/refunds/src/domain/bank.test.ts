import { autoSettlement, requestPaidBy, transferFor, transferPays } from './bank';

const at = (s: string) => new Date(s);
const transfer = { transfer_id: 'ck1', phone: '84912345678', package_code: ' mxh 100', amount: 90000 };
const topUp = (over: Record<string, unknown> = {}) => ({
  request_type: 5,
  number_phone: '0912345678',
  package_code: 'MXH100',
  transfer_final_amount: '90000',
  is_transfer: 0,
  approver: '',
  bank_transfer_id: null as string | null,
  created_time: at('2026-11-20T08:00:00Z'),
  ...over,
});

describe('approved bank transfers settle discount top-ups', () => {
  it('pays for an open top-up of the same subscriber and package, for exactly the amount due', () => {
    expect(transferPays(transfer, topUp())).toBe(true);
    expect(transferPays(transfer, topUp({ transfer_final_amount: 89999 }))).toBe(false); // short or over: a person decides
    expect(transferPays(transfer, topUp({ number_phone: '0912345679' }))).toBe(false);
    expect(transferPays(transfer, topUp({ package_code: 'MXH120' }))).toBe(false);
    expect(transferPays(transfer, topUp({ request_type: 1 }))).toBe(false); // package refunds are paid out, not in
  });

  it('leaves a request someone already decided or that another transfer settled', () => {
    expect(transferPays(transfer, topUp({ is_transfer: 1 }))).toBe(false);
    expect(transferPays(transfer, topUp({ approver: 'quanly' }))).toBe(false);
    expect(transferPays(transfer, topUp({ bank_transfer_id: 'ck0' }))).toBe(false);
  });

  it('the oldest open request takes the transfer; the oldest waiting transfer settles a new request', () => {
    const older = topUp({ created_time: at('2026-11-19T08:00:00Z') });
    const newer = topUp({ created_time: at('2026-11-21T08:00:00Z') });
    expect(requestPaidBy(transfer, [newer, older, topUp({ created_time: at('2026-11-01T00:00:00Z'), approver: 'x' })])).toBe(older);
    expect(requestPaidBy(transfer, [topUp({ transfer_final_amount: 1 })])).toBeUndefined();
    const first = { ...transfer, transfer_id: 'a', approved_at: at('2026-11-20T01:00:00Z') };
    const second = { ...transfer, transfer_id: 'b', approved_at: at('2026-11-20T02:00:00Z') };
    expect(transferFor(topUp(), [second, first])).toBe(first);
  });

  it('settles as transferred and approved by __AUTO, with the transfer it came from', () => {
    expect(autoSettlement('ck1')).toEqual({
      is_transfer: 1,
      username_duyet_trang_thai_chuyen_khoan: '__AUTO',
      approver: '__AUTO',
      status_duyet_don: 1,
      bank_transfer_id: 'ck1',
    });
  });
});
