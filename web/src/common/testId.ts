import type { HTMLAttributes } from 'react';

/**
 * A `data-testid` for a part MUI renders inside a component (a checkbox's input, a select's
 * display), passed through its slot props: their types name the element's own attributes only,
 * although React passes every `data-*` attribute through.
 */
export const testIdProps = (id: string, more: HTMLAttributes<HTMLElement> & { name?: string } = {}) =>
  ({ 'data-testid': id, ...more }) as HTMLAttributes<HTMLElement>;
