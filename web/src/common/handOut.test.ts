import { COUNT_INVALID, eachGot, emptyLine, handOutItems, NOTHING_CHOSEN } from './handOut';

describe('handOutItems', () => {
  it('sends the lines naming someone with a count, trimmed, in their order', () => {
    expect(
      handOutItems([
        { username: 'nv1', count: '3' },
        { username: 'nv2', count: '' },
        { username: '', count: '4' },
        { username: 'nv3', count: ' 2 ' },
      ]),
    ).toEqual([
      { username: 'nv1', count: 3 },
      { username: 'nv3', count: 2 },
    ]);
  });

  it('says nothing is chosen when no line names someone with a count', () => {
    expect(handOutItems([emptyLine()])).toBe(NOTHING_CHOSEN);
    expect(handOutItems([{ username: 'nv1', count: '  ' }])).toBe(NOTHING_CHOSEN);
  });

  it('refuses a count that is not a whole number above 0', () => {
    expect(handOutItems([{ username: 'nv1', count: '0' }])).toBe(COUNT_INVALID);
    expect(handOutItems([{ username: 'nv1', count: '1.5' }])).toBe(COUNT_INVALID);
  });
});

it('eachGot lists what each person got', () => {
  expect(
    eachGot({
      items: [
        { username: 'nv1', count: 2 },
        { username: 'nv2', count: 1 },
      ],
    }),
  ).toBe('nv1: 2, nv2: 1');
});
