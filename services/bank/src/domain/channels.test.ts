import { channelFilter, channelOf } from './channels';
import { MSG } from './messages';

it('knows the two channels of spec 1 §9, in any case', () => {
  expect(channelOf('vpbank')).toBe('VPBANK');
  expect(channelOf(' Techcombank ')).toBe('Techcombank');
  expect(channelOf('ACB')).toBeUndefined();
  expect(channelFilter('')).toBeUndefined();
  expect(channelFilter('VPBANK')).toBe('VPBANK');
  expect(() => channelFilter('ACB')).toThrow(MSG.senderInvalid);
});
