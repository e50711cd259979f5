import { actionsFirst } from './pinnedActions';

describe('actionsFirst', () => {
  const columns = [{ kind: 'index' }, { kind: 'text' }, { kind: 'actions' }];
  it('keeps the row actions last while the table fits', () => {
    expect(actionsFirst(columns, false)).toBe(columns);
  });
  it('brings them first when the table scrolls sideways, the rest in their order', () => {
    expect(actionsFirst(columns, true).map((c) => c.kind)).toEqual(['actions', 'index', 'text']);
  });
});
