import { type ProductDetail, shownData } from '@shop/shared';
import { Tabs } from '@shop/shared/tabs';
import { type ReactNode, useMemo } from 'react';
import { useProductsQuery } from '../../api';
import { RELATED_PRODUCTS_PER_PAGE } from '../../constants';
import { ProductSlider } from '../home/ProductSlider';
import { useBoughtTogetherQuery } from './api';
import { Questions } from './Questions';
import { Reviews } from './Reviews';

/**
 * The product page below the product itself: Q&A and reviews (with the ask-question form, so
 * Formik and Yup), frequently bought together and related products. A chunk of its own, loaded
 * after the product is on screen.
 */
export default function BelowTheFold({ product }: { product: ProductDetail }): ReactNode {
  return (
    <>
      <Tabs
        label="Questions and reviews"
        tabs={[
          { key: 'questions', label: 'Q&A', content: <Questions productId={product.id} /> },
          { key: 'reviews', label: 'Reviews', content: <Reviews productId={product.id} /> },
        ]}
      />
      <BoughtTogether productId={product.id} />
      <RelatedProducts product={product} />
    </>
  );
}

function BoughtTogether({ productId }: { productId: number }): ReactNode {
  const read = useBoughtTogetherQuery(productId);
  const data = shownData(read);
  const products = useMemo(() => (data?.items ?? []).map((item) => item.product), [data]);
  return (
    <ProductSlider
      id="bought-together-title"
      title="Frequently Bought Together"
      items={products}
      isError={read.status === 'failed'}
      isLoading={false}
      onRetry={read.retry}
    />
  );
}

function RelatedProducts({ product }: { product: ProductDetail }): ReactNode {
  const read = useProductsQuery({
    category: product.category.slug,
    'per-page': RELATED_PRODUCTS_PER_PAGE,
  });
  const data = shownData(read);
  const products = useMemo(
    () => (data?.items ?? []).filter((item) => item.id !== product.id),
    [data, product.id],
  );
  return (
    <ProductSlider
      id="related-title"
      title="Related Products"
      items={products}
      isError={read.status === 'failed'}
      isLoading={false}
      onRetry={read.retry}
    />
  );
}
