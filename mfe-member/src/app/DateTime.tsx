import type { ReactNode } from 'react';

/** When a message was written, in the shopper's own locale and time zone. */
/** A date from the API (ISO 8601) as the shopper's locale writes it; unparseable text as it came. */
export function DateTime({ at }: { at: string }): ReactNode {
  const date = new Date(at);
  const text = Number.isNaN(date.getTime())
    ? at
    : date.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
  return <time dateTime={at}>{text}</time>;
}
