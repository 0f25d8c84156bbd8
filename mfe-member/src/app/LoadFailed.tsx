import { MESSAGES } from '@shop/shared/validation/messages';
import type { ReactNode } from 'react';

/** The spec's panel for a page whose data could not be loaded (spec 001 §8). */
export function LoadFailed(): ReactNode {
  return (
    <div role="alert">
      <h2>{MESSAGES.listFailedTitle}</h2>
      <p>{MESSAGES.listFailedText}</p>
    </div>
  );
}
