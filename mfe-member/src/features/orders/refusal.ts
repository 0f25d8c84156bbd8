import { ACTION_FAILED_MESSAGE } from '@shop/shared';
import type { Failure } from './ordersApi';

/** A refused submission: the server's words for a 4xx it explains (with field messages), else the generic text (§8). */
export interface Refusal {
  message: string;
  fields: Record<string, string>;
}

export function refusalOf(answer: Failure): Refusal {
  const explained = answer.httpStatus >= 400 && answer.httpStatus < 500 && answer.error;
  return explained
    ? { message: explained.message, fields: explained.fields ?? {} }
    : { message: ACTION_FAILED_MESSAGE, fields: {} };
}
