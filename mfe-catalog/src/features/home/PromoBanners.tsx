import { type Banner, ErrorPanel, Skeleton } from '@shop/shared';
import { Link } from '@shop/shared/router';
import { memo, type ReactNode } from 'react';
import styles from './home.module.css';
import { useBannersQuery } from './homeApi';

/** Template 1 purple, 2 green, 3 pink (spec 000, section 3). */
const TEMPLATE_CLASS: Record<Banner['template'], string | undefined> = {
  1: styles.bannerPurple,
  2: styles.bannerGreen,
  3: styles.bannerPink,
};

// Memoised: the home page re-renders as each of its lists arrives; this section only when its own data does.
export const PromoBanners = memo(function PromoBanners(): ReactNode {
  const banners = useBannersQuery();
  if (banners.status === 'failed') return <ErrorPanel onRetry={banners.retry} />;
  if (banners.status !== 'ready') return <Skeleton shape="banner" label="Loading promotions" />;
  if (banners.data.items.length === 0) return null;
  return (
    <section aria-label="Promotions" className={styles.banners}>
      {banners.data.items.map((banner) => (
        <PromoBanner key={banner.id} banner={banner} />
      ))}
    </section>
  );
});

/** link_type 'Box': the whole box is the link; 'Button': only its button is. */
export function PromoBanner({ banner }: { banner: Banner }): ReactNode {
  const className = `${styles.banner} ${TEMPLATE_CLASS[banner.template] ?? ''}`;
  const style = { backgroundImage: `url(${banner.background_image})` };
  const text = (
    <>
      <p className={styles.bannerTitle}>{banner.title}</p>
      <p>{banner.sub_title}</p>
    </>
  );
  if (banner.link_type === 'Box') {
    return (
      <Link to={banner.link} className={className} style={style}>
        {text}
        <span className={styles.bannerButton} aria-hidden="true">
          {banner.button_text}
        </span>
      </Link>
    );
  }
  return (
    <div className={className} style={style}>
      {text}
      <Link to={banner.link} className={styles.bannerButton}>
        {banner.button_text}
      </Link>
    </div>
  );
}
