import { afterRequestsQuiet, trackRequest } from './activity';

/** A request the test answers itself. */
function pending() {
  let answer!: () => void;
  const request = trackRequest(new Promise<void>((resolve) => (answer = resolve)));
  return { request, answer };
}

describe('work that waits for the page to be quiet', () => {
  // One clock for the file: it only moves forward, as the page's does.
  beforeAll(() => jest.useFakeTimers());
  afterAll(() => jest.useRealTimers());

  it('runs only once no request has been in flight for the time asked, counted from its answer', async () => {
    const task = jest.fn();
    const list = pending();
    afterRequestsQuiet(3000, task);
    await jest.advanceTimersByTimeAsync(10_000);
    expect(task).not.toHaveBeenCalled();
    list.answer();
    await list.request;
    await jest.advanceTimersByTimeAsync(2900);
    expect(task).not.toHaveBeenCalled();
    await jest.advanceTimersByTimeAsync(100);
    expect(task).toHaveBeenCalledTimes(1);
  });

  it('starts counting again when another request starts meanwhile, and can be cancelled', async () => {
    const task = jest.fn();
    afterRequestsQuiet(3000, task);
    await jest.advanceTimersByTimeAsync(2000);
    const reminders = pending();
    await jest.advanceTimersByTimeAsync(500);
    reminders.answer();
    await reminders.request;
    await jest.advanceTimersByTimeAsync(2900);
    expect(task).not.toHaveBeenCalled();
    await jest.advanceTimersByTimeAsync(100);
    expect(task).toHaveBeenCalledTimes(1);

    const cancelled = jest.fn();
    afterRequestsQuiet(3000, cancelled)();
    await jest.advanceTimersByTimeAsync(10_000);
    expect(cancelled).not.toHaveBeenCalled();
  });

  it('keeps the answer as it came, a refusal included', async () => {
    await expect(trackRequest(Promise.resolve(7))).resolves.toBe(7);
    await expect(trackRequest(Promise.reject(new Error('refused')))).rejects.toThrow('refused');
  });
});
