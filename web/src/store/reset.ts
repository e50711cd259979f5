import { createAction } from '@reduxjs/toolkit';

/** Global reset: every slice goes back to its initial state (the session ends). */
export const reset = createAction('app/reset');
