import { checkClawback, clawbackFilter, orderKindFilter } from './report';
import { RMSG } from './messages';

describe('clawback statuses and report filters', () => {
  it('accepts the three statuses, trimmed, and refuses anything else with the message', () => {
    expect(checkClawback(' truy_thu ')).toBe('truy_thu');
    expect(checkClawback('binh_thuong')).toBe('binh_thuong');
    expect(() => checkClawback('TRUY_THU')).toThrow(RMSG.clawbackInvalid);
    expect(() => checkClawback('')).toThrow(RMSG.clawbackInvalid);
  });
  it('a blank filter means all', () => {
    expect(clawbackFilter('')).toBeUndefined();
    expect(orderKindFilter(undefined)).toBeUndefined();
    expect(orderKindFilter('nap_tien')).toBe('request_type = 5');
    expect(() => orderKindFilter('toString')).toThrow(RMSG.orderKindInvalid);
  });
});
