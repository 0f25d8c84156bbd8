import {
  type ApiErrorBody,
  api,
  type GalleryEntry,
  type ProductCard,
  type ProductGroup,
  type QuestionPage,
  type ReviewPage,
} from '@shop/shared';
import { useCatalogRead } from '../../api';

/** The product page's cached reads, by product id. */
export const useProductGroupsQuery = (id: number) =>
  useCatalogRead<{ items: ProductGroup[] }>(`products/grouped-products/${id}`);

export const useProductGalleryQuery = (id: number) =>
  useCatalogRead<{ items: GalleryEntry[] }>(`products/gallery/${id}`);

export const useBoughtTogetherQuery = (id: number) =>
  useCatalogRead<{ items: { product: ProductCard }[] }>(`products/bought-together/${id}`);

/** One page of reviews, newest first. */
export function fetchReviewPage(productId: number, page: number) {
  return api.get<ReviewPage>('product-reviews', {
    'ProductReviewsSearch[product_id]': productId,
    sort: '-created_at',
    page,
  });
}

/** One page of questions, newest first. */
export function fetchQuestionPage(productId: number, page: number) {
  return api.get<QuestionPage>('product-questions', {
    'ProductQuestionsSearch[product_id]': productId,
    sort: '-question_time',
    page,
  });
}

export interface QuestionPayload {
  product_id: number;
  questioner_name: string;
  questioner_email: string;
  question: string;
}

/** Outcome of a form post: ok, or the server's per-field messages (422) when it sent any. */
export type PostOutcome = { ok: true } | { ok: false; fields: Record<string, string> };

function toOutcome(result: { status: true } | { status: false; error: ApiErrorBody | null }): PostOutcome {
  if (result.status) return { ok: true };
  return { ok: false, fields: result.error?.fields ?? {} };
}

export async function askQuestion(payload: QuestionPayload): Promise<PostOutcome> {
  return toOutcome(await api.post<unknown>('product-questions/create', payload));
}

export async function subscribeNotifyMe(payload: {
  email: string;
  product_id: number;
}): Promise<PostOutcome> {
  return toOutcome(await api.post<{ subscribed: boolean }>('notify-me', payload));
}
