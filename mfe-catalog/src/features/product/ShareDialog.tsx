import { DialogButton } from '@shop/shared/dialog';
import type { ReactNode } from 'react';
import styles from './product.module.css';

/** Where a product page can be shared (spec 000, section 2), each with the page URL encoded. */
export function shareLinks(pageUrl: string, title: string): { name: string; href: string }[] {
  const url = encodeURIComponent(pageUrl);
  const text = encodeURIComponent(title);
  return [
    { name: 'LinkedIn', href: `https://www.linkedin.com/sharing/share-offsite/?url=${url}` },
    { name: 'Facebook', href: `https://www.facebook.com/sharer/sharer.php?u=${url}` },
    { name: 'Twitter', href: `https://twitter.com/intent/tweet?url=${url}&text=${text}` },
    { name: 'WhatsApp', href: `https://wa.me/?text=${text}%20${url}` },
    { name: 'Email', href: `mailto:?subject=${text}&body=${url}` },
  ];
}

export function ShareButton({ title }: { title: string }): ReactNode {
  return (
    <DialogButton label="Share" title="Share this product" className={styles.share}>
      {() => (
        <ul className={styles.shareList}>
          {shareLinks(window.location.href, title).map((link) => (
            <li key={link.name}>
              <a href={link.href} target="_blank" rel="noopener noreferrer">
                Share on {link.name}
              </a>
            </li>
          ))}
        </ul>
      )}
    </DialogButton>
  );
}
