import { useBusState } from '@shop/shared';
import { Link } from '@shop/shared/router';
import { type ReactNode, useEffect, useId, useState } from 'react';
import { whenIdle } from '../whenIdle';
import {
  MOBILE_MAX_PX,
  PROMO_HIDDEN_UNTIL_KEY,
  PROMO_PHONE_DELAY_MS,
  PROMO_REPEAT_MS,
  PROMO_VISIBLE_MS,
} from './constants';
import styles from './PromoPopup.module.css';

/** Whether the promo was shown less than 24 h ago (a flag with its expiry in local storage). */
export function promoRecentlyShown(now = Date.now()): boolean {
  try {
    return Number(localStorage.getItem(PROMO_HIDDEN_UNTIL_KEY)) > now;
  } catch {
    return false; // storage blocked: show it, the visit is still welcome
  }
}

function rememberPromoShown(now = Date.now()): void {
  try {
    localStorage.setItem(PROMO_HIDDEN_UNTIL_KEY, String(now + PROMO_REPEAT_MS));
  } catch {
    // storage blocked: nothing to remember it in
  }
}

/**
 * When the promo opens (spec 000 §2): on phones after 8 s, on tablets at once. The spec is silent
 * on desktops; they get it at once too, as tablets do: a wide screen has room for it beside the
 * page, and a guest who lands there is as new as one on a tablet.
 */
export function promoDelayMs(width: number): number {
  return width <= MOBILE_MAX_PX ? PROMO_PHONE_DELAY_MS : 0;
}

/**
 * The promo popup for guests: once per 24 h, closes itself after 10 s, or by its button or
 * Escape. It is a non-modal dialog in a corner: it opens by itself, so it neither takes the
 * focus nor blocks the page the shopper is using.
 */
export function PromoPopup(): ReactNode {
  const { user } = useBusState('session');
  const [open, setOpen] = useState(false);
  const titleId = useId();
  const signedIn = user !== null;

  useEffect(() => {
    if (signedIn || promoRecentlyShown()) return;
    let cancelIdle = () => {};
    // "At once" means as soon as the page is idle: the promo never delays the page itself.
    const timer = window.setTimeout(() => {
      cancelIdle = whenIdle(() => {
        if (promoRecentlyShown()) return; // another tab showed it meanwhile
        rememberPromoShown();
        setOpen(true);
      });
    }, promoDelayMs(window.innerWidth));
    return () => {
      window.clearTimeout(timer);
      cancelIdle();
    };
  }, [signedIn]);

  useEffect(() => {
    if (!open) return;
    const timer = window.setTimeout(() => setOpen(false), PROMO_VISIBLE_MS);
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    return () => {
      window.clearTimeout(timer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  // Signing in while it shows: it is for guests only.
  if (!open || signedIn) return null;
  return (
    <div className={styles.promo} role="dialog" aria-modal="false" aria-labelledby={titleId}>
      <button type="button" className={styles.close} aria-label="Close" onClick={() => setOpen(false)}>
        <span aria-hidden="true">×</span>
      </button>
      <p className={styles.tag}>New here?</p>
      <h2 id={titleId} className={styles.title}>
        Gifts that speak for you
      </h2>
      <p>Handmade pieces, exclusive lines, and your own message on any gift.</p>
      <Link to="/products?newItem=1" className={styles.cta} onClick={() => setOpen(false)}>
        See what is new
      </Link>
    </div>
  );
}
