import { onPreset, presetFilters, takePreset } from './presets';

it('hands a preset once to the list it names, and tells an open list at once', () => {
  const heard: string[] = [];
  const off = onPreset('a', () => heard.push('a'));
  presetFilters('a', { phone: '912345678' });
  expect(heard).toEqual(['a']);
  expect(takePreset('b')).toBeUndefined();
  expect(takePreset('a')).toEqual({ phone: '912345678' });
  expect(takePreset('a')).toBeUndefined();
  off();
  presetFilters('a', {});
  expect(heard).toEqual(['a']);
});
