import type { AdminHomeContent } from '@shop/contract/schemas/homeContent';
import { ErrorPanel, shownData, useDocumentTitle } from '@shop/shared';
import { type ReactNode, useState } from 'react';
import { useAdminRead } from '../../api/adminApi';
import { CategoryBlocks, DealOfTheDay } from './DealAndBlocks';
import styles from './homeContent.module.css';
import { HOME_TEXTS } from './homeTexts';
import { Banners, HeroSlides } from './OrderedItems';

/**
 * /admin/home (owners and staff): the home page's hero slides, banners, deal of the day and
 * category blocks (GET admin/home and its changes). Every change answers the whole content, shown
 * at once; the storefront reads the same tables on its next request.
 */
export default function HomeContentPage(): ReactNode {
  useDocumentTitle(HOME_TEXTS.title);
  const loaded = useAdminRead('admin/home');
  // What the last change answered: newer than the read until the read is asked again.
  const [changed, setChanged] = useState<AdminHomeContent | null>(null);
  const content = changed ?? shownData(loaded);
  return (
    <section aria-labelledby="home-content-title" className={styles.page}>
      <h1 id="home-content-title">{HOME_TEXTS.title}</h1>
      {loaded.status === 'failed' && !content ? (
        <ErrorPanel onRetry={loaded.retry} />
      ) : !content ? (
        <p role="status">{HOME_TEXTS.loading}</p>
      ) : (
        <>
          <HeroSlides slides={content.slides} onContent={setChanged} />
          <Banners banners={content.banners} onContent={setChanged} />
          <DealOfTheDay key={content.deal?.id ?? 'none'} deal={content.deal} onContent={setChanged} />
          <CategoryBlocks blocks={content.blocks} types={content.types} onContent={setChanged} />
        </>
      )}
    </section>
  );
}
