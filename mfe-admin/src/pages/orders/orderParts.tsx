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

/** Who receives the parcel and where: the order's own recipient, else the shipping address. */
export function RecipientBlock({ order }: { order: ShippingOrder }): ReactNode {
  const { recipient, address } = order;
  const name = joined(recipient.first_name ?? address.first_name, recipient.last_name ?? address.last_name);
  const mobile = recipient.mobile ?? address.mobile;
  return (
    <address className={styles.address}>
      <span className={styles.strong}>{name || '—'}</span>
      {mobile ? (
        <span>
          Phone: <a href={`tel:${mobile.replace(/[^\d+]/g, '')}`}>{mobile}</a>
        </span>
      ) : null}
      {recipient.email ? <span>E-mail: {recipient.email}</span> : null}
      <span>{recipient.address ?? address.address}</span>
      <span>{joined(recipient.city ?? address.city, recipient.country ?? address.country)}</span>
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
