import type { AdminBuyer } from '@shop/contract/schemas/backOffice';
import { shownData } from '@shop/shared';
import { type ReactNode, useId, useState } from 'react';
import { useAdminRead } from '../api/adminApi';
import styles from './BuyerPicker.module.css';

/** A member an admin writes to, with their newest orders (for an order thread). */
export interface ChosenBuyer {
  id: number;
  name: string;
  email: string;
  orders: readonly { id: number; number: string }[];
}

export const PICKER_TEXTS = {
  legend: 'Buyer',
  search: 'Find the buyer',
  hint: 'E-mail, name or order number',
  find: 'Find',
  none: 'No member matches. Threads and notifications go to members only, not to guests.',
  searching: 'Searching…',
  more: (shown: number, total: number) => `The first ${shown} of ${total} members found: narrow the search.`,
} as const;

const SEARCH_MAX_LENGTH = 100;

/** A member as the buyer search answers it, as the picker hands it on. */
export const chosenOf = (buyer: AdminBuyer): ChosenBuyer => ({
  id: buyer.id,
  name: buyer.name,
  email: buyer.email,
  orders: buyer.orders.map((order) => ({ id: order.id, number: order.order_id })),
});

/**
 * Choosing whom to write to: the admin API's member search (GET admin/buyers: e-mail, name or
 * one of their order numbers; members only, as threads and notifications go to members), or
 * chosen already (the inbox's "new thread with this buyer").
 */
export function BuyerPicker({
  chosen,
  onChoose,
}: {
  chosen: ChosenBuyer | null;
  onChoose: (buyer: ChosenBuyer) => void;
}): ReactNode {
  const id = useId();
  const [typed, setTyped] = useState('');
  const [asked, setAsked] = useState('');
  const found = useAdminRead('admin/buyers', { query: { q: asked } }, asked !== '');
  const page = shownData(found);
  const buyers = page ? page.items.map(chosenOf) : [];
  const choices = chosen && !buyers.some((buyer) => buyer.id === chosen.id) ? [chosen, ...buyers] : buyers;

  const find = () => setAsked(typed.trim());

  return (
    <fieldset className={styles.picker}>
      <legend>{PICKER_TEXTS.legend}</legend>
      <div className={styles.search}>
        <label htmlFor={`${id}-q`}>{PICKER_TEXTS.search}</label>
        <div className={styles.row}>
          <input
            id={`${id}-q`}
            type="search"
            value={typed}
            maxLength={SEARCH_MAX_LENGTH}
            placeholder={PICKER_TEXTS.hint}
            onChange={(event) => setTyped(event.target.value)}
            onKeyDown={(event) => {
              // Enter searches here instead of sending the form the picker sits in.
              if (event.key === 'Enter') {
                event.preventDefault();
                find();
              }
            }}
          />
          <button type="button" onClick={find}>
            {PICKER_TEXTS.find}
          </button>
        </div>
      </div>
      {asked !== '' && found.status === 'loading' && !page ? (
        <p role="status">{PICKER_TEXTS.searching}</p>
      ) : null}
      {asked !== '' && found.status === 'failed' ? (
        <p role="alert">{found.error?.message ?? 'The search failed. Please try again.'}</p>
      ) : null}
      {asked !== '' && page && buyers.length === 0 ? <p role="status">{PICKER_TEXTS.none}</p> : null}
      {asked !== '' && page && page._meta.totalCount > buyers.length ? (
        <p role="status">{PICKER_TEXTS.more(buyers.length, page._meta.totalCount)}</p>
      ) : null}
      {choices.length > 0 ? (
        <ul className={styles.choices}>
          {choices.map((buyer) => (
            <li key={buyer.id}>
              <input
                id={`${id}-buyer-${buyer.id}`}
                type="radio"
                name={`${id}-buyer`}
                checked={chosen?.id === buyer.id}
                onChange={() => onChoose(buyer)}
              />
              <label htmlFor={`${id}-buyer-${buyer.id}`}>
                {buyer.name} <span className={styles.email}>{buyer.email}</span>
              </label>
            </li>
          ))}
        </ul>
      ) : null}
    </fieldset>
  );
}
