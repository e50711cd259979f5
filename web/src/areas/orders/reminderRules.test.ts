import { endedReminderOrder, pendingToShow, pushedReminder, REMINDERS_SHOWN, shownButEnded, takeReminder } from './reminderRules';

const r = (id: string, over: Record<string, string> = {}) => ({
  phone_number: '****45678',
  yeu_cau: 'soan_y',
  id,
  han_huy: '',
  message: `Đơn ${id}`,
  ...over,
});

describe('takeReminder', () => {
  it('shows a reminder once within the window, again after it (the server repeats it)', () => {
    const shown = new Map<string, number>();
    expect(takeReminder(shown, r('a'), 1000)).toBe(true);
    expect(takeReminder(shown, r('a'), 3000)).toBe(false);
    expect(takeReminder(shown, r('b'), 3000)).toBe(true);
    expect(takeReminder(shown, r('a', { yeu_cau: 'can_duyet' }), 3000)).toBe(true);
    expect(takeReminder(shown, r('a'), 7000)).toBe(true);
  });
  it('never shows one without text', () => {
    expect(takeReminder(new Map(), r('a', { message: '' }), 0)).toBe(false);
  });
});

describe('pendingToShow', () => {
  it('every pending reminder, most urgent first, as many as the stack holds; the single data of an older server', () => {
    const values = Array.from({ length: 7 }, (_, i) => r(`o${i}`));
    expect(pendingToShow({ result: 'success', data: values[0], values }).map((x) => x.id)).toEqual(
      values.slice(0, REMINDERS_SHOWN).map((x) => x.id),
    );
    expect(pendingToShow({ result: 'success', data: r('x'), values: [] }).map((x) => x.id)).toEqual(['x']);
    expect(pendingToShow({ result: 'empty', values: [] })).toEqual([]);
    expect(pendingToShow(null)).toEqual([]);
  });
  it('leaves the reminders on screen where they are and fills only the places they leave free', () => {
    const values = Array.from({ length: 7 }, (_, i) => r(`o${i}`));
    const onScreen = new Set(['o0:soan_y', 'o6:soan_y']);
    expect(pendingToShow({ result: 'success', values }, onScreen).map((x) => x.id)).toEqual(
      values.slice(1, 1 + REMINDERS_SHOWN - onScreen.size).map((x) => x.id),
    );
    const full = new Set(values.slice(0, REMINDERS_SHOWN).map((x) => `${x.id}:soan_y`));
    expect(pendingToShow({ result: 'success', values }, full)).toEqual([]);
  });
});

describe('pushedReminder', () => {
  it("reads the push's data, its text from the data or the envelope", () => {
    expect(pushedReminder({ result: 'success', data: r('a') })).toMatchObject({ id: 'a', message: 'Đơn a' });
    expect(pushedReminder({ result: 'success', data: { ...r('a'), message: '' }, message: 'Đơn a!' })).toMatchObject({
      id: 'a',
      message: 'Đơn a!',
    });
    expect(pushedReminder({ result: 'success' })).toBeNull();
  });
});

describe('ended reminders', () => {
  it('an ended-reminder push names its order', () => {
    expect(endedReminderOrder({ result: 'success', data: { id: 'o1', yeu_cau: 'can_duyet' } })).toBe('o1');
    expect(endedReminderOrder({ result: 'success' })).toBeNull();
  });
  it('a connect closes the shown reminders its answer no longer lists; a failed answer closes nothing', () => {
    const shown = ['a:soan_y', 'b:can_duyet'];
    expect(shownButEnded(shown, { result: 'success', data: r('a'), values: [r('a')] })).toEqual(['b:can_duyet']);
    expect(shownButEnded(shown, { result: 'empty', values: [] })).toEqual(shown);
    expect(shownButEnded(shown, null)).toEqual([]);
    expect(shownButEnded(shown, { result: 'error', values: [] })).toEqual([]);
  });
});
