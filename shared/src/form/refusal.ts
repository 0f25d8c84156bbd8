import { MESSAGES } from '@shop/contract/validation/messages';
import type { ApiResult } from '../api/client';

/** A failed API answer. */
export type Failure = Extract<ApiResult<unknown>, { status: false }>;

/**
 * A refused submission: the server's words (and field messages) for a 4xx it explains, else the
 * spec's generic text (spec 001 §8).
 */
export interface Refusal {
  message: string;
  fields: Record<string, string>;
}

export function refusalOf(answer: Failure): Refusal {
  const explained = answer.httpStatus >= 400 && answer.httpStatus < 500 && answer.error;
  return explained
    ? { message: explained.message, fields: explained.fields ?? {} }
    : { message: MESSAGES.actionFailed, fields: {} };
}

/**
 * The refusal a rejected thunk carries: its reject value, else its error's message (or the spec's
 * generic text) with no field messages.
 */
export function refusalOfRejected(rejected: { payload?: Refusal; error: { message?: string } }): Refusal {
  return rejected.payload ?? { message: rejected.error.message ?? MESSAGES.actionFailed, fields: {} };
}

/**
 * Puts a refusal's field messages at the form's own fields and says whether any landed there. One
 * failure shows one message: when a field carries it, the form's banner stays quiet; a field the
 * form does not have (or none) leaves the message to the banner.
 */
export function showAtFields(
  refusal: Refusal,
  fields: readonly string[] | ((name: string) => boolean),
  setFieldError: (field: string, message: string) => void,
): boolean {
  const isField = typeof fields === 'function' ? fields : (name: string) => fields.includes(name);
  const atFields = Object.entries(refusal.fields).filter(([name]) => isField(name));
  for (const [name, message] of atFields) setFieldError(name, message);
  return atFields.length > 0;
}
