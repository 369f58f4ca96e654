// A refused API call as a caller that acts on it needs it: the server's code, message and figures
// (`data` of the error envelope), e.g. the available quantity of INSUFFICIENT_STOCK. Kept out of
// lib/api.ts so that only the screens that read them download these lines.
import { errorMessage } from './api';

export interface CallFailure {
  status: number | null;
  code: string | null;
  message: string;
  data: unknown;
}

/** Reads a failed call (an RTK Query error, or what `.unwrap()` throws), with `fallback` as its message. */
export function callFailure(err: unknown, fallback: string): CallFailure {
  const e = err as { status?: unknown; data?: { error?: { code?: unknown }; data?: unknown } } | undefined;
  return {
    status: typeof e?.status === 'number' ? e.status : null,
    code: typeof e?.data?.error?.code === 'string' ? e.data.error.code : null,
    message: errorMessage(err, fallback),
    data: e?.data?.data,
  };
}
