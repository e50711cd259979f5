import { onPreset, presetFilters, PRESET_TTL_MS, takePreset } from './presets';

it('hands a preset to the list it names for a few seconds, and tells an open list at once', () => {
  const heard: string[] = [];
  const off = onPreset('a', () => heard.push('a'));
  presetFilters('a', { phone: '912345678' }, 1000);
  expect(heard).toEqual(['a']);
  expect(takePreset('b', 1000)).toBeUndefined();
  // A list mounted twice while its screen loads opens filtered both times.
  expect(takePreset('a', 1500)).toEqual({ phone: '912345678' });
  expect(takePreset('a', 1000 + PRESET_TTL_MS)).toEqual({ phone: '912345678' });
  expect(takePreset('a', 1001 + PRESET_TTL_MS)).toBeUndefined();
  expect(takePreset('a', 1500)).toBeUndefined();
  off();
  presetFilters('a', {});
  expect(heard).toEqual(['a']);
});
