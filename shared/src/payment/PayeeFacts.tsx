import type { PaymentDetails } from '@shop/contract';
import type { ReactNode } from 'react';

export interface PayeeFactsProps {
  payee: PaymentDetails['personal'];
  /** The term before the payee's name ('Name' under a heading that says what it is for). */
  nameLabel: string;
  /** The app's list style. */
  className?: string;
}

/** Whom a Money Exchange Transfer goes to (spec 001 §2.3): the person's name and phone number. */
export function PayeeFacts({ payee, nameLabel, className }: PayeeFactsProps): ReactNode {
  return (
    <dl className={className}>
      <div>
        <dt>{nameLabel}</dt>
        <dd data-testid="payee-name">{payee.personName}</dd>
      </div>
      <div>
        <dt>Phone number</dt>
        <dd>{payee.personPhoneNumber}</dd>
      </div>
    </dl>
  );
}
