/**
 * Pieces of an order both the detail and the packing slip show: the recipient's address block
 * and each ordered product's gift options. Every buyer-supplied text is rendered as text.
 */
import type { AdminShippingDetail } from '@shop/contract/schemas/backOffice';
import type { ReactNode } from 'react';
import { adminApi } from '../../api/adminApi';
import { AdminImage } from '../../app/AdminImage';
import styles from './OrderDetail.module.css';

export type ShippingOrder = AdminShippingDetail;
export type OrderedItem = ShippingOrder['ordered_products'][number];

const joined = (...parts: (string | null | undefined)[]) => parts.filter(Boolean).join(' ');

/** One address block: a name, a phone, where; the order's recipient carries an e-mail too. */
export type ShippingBlock = ShippingOrder['address'] & { email?: string | null };

/**
 * Where the parcel goes: the recipient the order recorded at checkout when it has an address,
 * else the shipping address, each as a whole. Never field by field: a missing city of one must
 * not be filled in from the other, which would make an address nobody gave.
 */
export const shippingBlockOf = (order: ShippingOrder): ShippingBlock =>
  order.recipient.address ? order.recipient : order.address;

/** Who receives the parcel and where (`shippingBlockOf`). */
export function RecipientBlock({ order }: { order: ShippingOrder }): ReactNode {
  const block = shippingBlockOf(order);
  const name = joined(block.first_name, block.last_name);
  return (
    <address className={styles.address}>
      <span className={styles.strong}>{name || '—'}</span>
      {block.mobile ? (
        <span>
          Phone: <a href={`tel:${block.mobile.replace(/[^\d+]/g, '')}`}>{block.mobile}</a>
        </span>
      ) : null}
      {block.email ? <span>E-mail: {block.email}</span> : null}
      <span>{block.address}</span>
      <span>{joined(block.city, block.country)}</span>
    </address>
  );
}

/** An ordered product's gift texts, logo and packaging. */
export function GiftOptions({
  order,
  item,
  withLogo,
}: {
  order: ShippingOrder;
  item: OrderedItem;
  withLogo: boolean;
}): ReactNode {
  const { customization, packaging } = item;
  if (!customization && !packaging) return null;
  return (
    <dl className={styles.gift}>
      {customization?.toWhom ? <Fact term="To">{customization.toWhom}</Fact> : null}
      {customization?.from ? <Fact term="From">{customization.from}</Fact> : null}
      {customization?.note ? <Fact term="Note">{customization.note}</Fact> : null}
      {customization?.brief ? <Fact term="Brief">{customization.brief}</Fact> : null}
      {customization?.image ? (
        <Fact term="Logo">
          {withLogo ? (
            <AdminImage
              fileKey={`${order.id}/${item.id}`}
              load={() =>
                adminApi.get('admin/orders/:id/items/:itemId/logo', {
                  params: { id: order.id, itemId: item.id },
                })
              }
              alt={`Logo for ${item.product.title}`}
              downloadName={`${order.order_id}-item-${item.id}-logo`}
            />
          ) : (
            'Logo supplied (see the order in the back office)'
          )}
        </Fact>
      ) : null}
      {packaging ? <Fact term="Packaging">{packaging.title}</Fact> : null}
    </dl>
  );
}

export function Fact({ term, children }: { term: string; children: ReactNode }): ReactNode {
  return (
    <div className={styles.fact}>
      <dt>{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}
