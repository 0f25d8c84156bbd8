import { ACTION_FAILED_MESSAGE, type ApiResult } from '@shop/shared';

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
    : { message: ACTION_FAILED_MESSAGE, fields: {} };
}

/**
 * Puts a refusal's field messages at the form's own fields and says whether any landed there. One
 * failure shows one message: when a field carries it, the form's banner stays quiet; a field the
 * form does not have (or none) leaves the message to the banner.
 */
export function showAtFields(
  refusal: Refusal,
  fieldNames: readonly string[],
  setFieldError: (field: string, message: string) => void,
): boolean {
  const atFields = Object.entries(refusal.fields).filter(([name]) => fieldNames.includes(name));
  for (const [name, message] of atFields) setFieldError(name, message);
  return atFields.length > 0;
}
