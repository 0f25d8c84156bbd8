import { type SocialChannel, useBusState } from '@shop/shared';
import { Link } from '@shop/shared/router';
import type { ReactNode } from 'react';
import styles from './Footer.module.css';

const POLICY_LINKS = [
  { to: '/payments', label: 'Payments' },
  { to: '/shipping', label: 'Shipping' },
  { to: '/cancellation-returns', label: 'Cancellation & Returns' },
];
const SOCIAL_ORDER: SocialChannel[] = ['facebook', 'twitter', 'instagram', 'linkedin', 'youtube'];

export function Footer(): ReactNode {
  const startup = useBusState('startup');
  const channels = startup?.socialChannels ?? {};
  return (
    <footer className={styles.footer}>
      <div className={styles.columns}>
        <nav aria-label="Top categories">
          <h2>Top Categories</h2>
          <ul>
            {(startup?.footerProductTypes ?? []).map((type) => (
              <li key={type.slug}>
                <Link to={`/products?type=${encodeURIComponent(type.slug)}`}>{type.name}</Link>
              </li>
            ))}
          </ul>
        </nav>
        <nav aria-label="Policies">
          <h2>Policies</h2>
          <ul>
            {POLICY_LINKS.map((link) => (
              <li key={link.to}>
                <Link to={link.to}>{link.label}</Link>
              </li>
            ))}
          </ul>
        </nav>
        <nav aria-label="Company">
          <h2>Company</h2>
          <ul>
            <li>
              <Link to="/about">About us</Link>
            </li>
            <li>
              <Link to="/contact">Contact us</Link>
            </li>
          </ul>
        </nav>
        <nav aria-label="Follow us">
          <h2>Follow us</h2>
          <ul>
            {SOCIAL_ORDER.filter((channel) => channels[channel]).map((channel) => (
              <li key={channel}>
                <a href={channels[channel]} target="_blank" rel="noopener noreferrer" data-social={channel}>
                  {channel[0]?.toUpperCase()}
                  {channel.slice(1)}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      <p className={styles.copy}>© Gift Shop</p>
    </footer>
  );
}
