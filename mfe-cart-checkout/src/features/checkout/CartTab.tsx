import { responsiveImage } from '@shop/contract/media';
import type { Cart } from '@shop/shared';
import { Link } from '@shop/shared/router';
import type { ReactNode } from 'react';
import { cartMoney } from '../cart/money';
import { stockProblemText } from '../cart/summary';
import styles from './checkout.module.css';

/** The cart tab: the lines as they will be ordered, read-only; changes happen on /cart. */
export function CartTab({ cart, onContinue }: { cart: Cart; onContinue: () => void }): ReactNode {
  const money = (amount: number) => cartMoney(cart, amount);
  return (
    <>
      <ul className={styles.lines}>
        {cart.items.map((item) => (
          <li key={item.id} className={styles.line} data-testid="checkout-line">
            <img {...responsiveImage(item.product.image, { fixed: 64 })} alt="" decoding="async" />
            <div className={styles.lineInfo}>
              <Link to={`/product/${item.product.slug}`}>{item.product.title}</Link>
              <span>
                {item.quantity} × {money(item.price)}
              </span>
              {item.customization ? <span>Customization: {money(item.customization_price)}</span> : null}
              {item.packaging ? (
                <span>
                  Packaging: {item.packaging.title} {money(item.packaging_price)}
                </span>
              ) : null}
              {item.stock_problem ? (
                <span className={styles.problem}>{stockProblemText(item.stock_problem)}</span>
              ) : null}
            </div>
            <strong className={styles.lineTotal}>
              <span className="visually-hidden">Line total: </span>
              {money(item.total)}
            </strong>
          </li>
        ))}
      </ul>
      <div className={styles.panelActions}>
        <Link to="/cart">Change your cart</Link>
        <button type="button" className={styles.primaryButton} onClick={onContinue}>
          Continue to Shipping Address
        </button>
      </div>
    </>
  );
}
