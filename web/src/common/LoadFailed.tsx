import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { errorMsg } from '../api/client';

/** What a user reads when a list or chart could not load: the server's msg when it sent one. */
export function loadFailedText(e: unknown): string {
  // An ApiError's msg, or a socket lookup's refusal (its own `msg`).
  const own = (e as { msg?: unknown } | null)?.msg;
  const msg = errorMsg(e) || (typeof own === 'string' ? own : '');
  return msg ? `Không tải được dữ liệu: ${msg}` : 'Không tải được dữ liệu. Vui lòng thử lại.';
}

/**
 * In place of a list's or chart's data that failed to load (an empty frame would read as "no data"):
 * says so, and 'Thử lại' loads again.
 */
export default function LoadFailed({ text, onRetry, testId }: { text: string; onRetry: () => void; testId: string }) {
  return (
    <Alert
      severity="error"
      data-testid={testId}
      action={
        <Button color="inherit" size="small" onClick={onRetry} data-testid={`${testId}-retry`}>
          Thử lại
        </Button>
      }
    >
      {text}
    </Alert>
  );
}
