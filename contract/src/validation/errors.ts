import { ValidationError } from 'yup';

/** The first message of each broken field, as the API's `error.fields` carries them. */
export function firstErrors(error: unknown): Record<string, string> {
  if (!(error instanceof ValidationError)) return {};
  const fields: Record<string, string> = {};
  for (const inner of error.inner.length > 0 ? error.inner : [error]) {
    const path = inner.path ?? '';
    if (!(path in fields)) fields[path] = inner.message;
  }
  return fields;
}
