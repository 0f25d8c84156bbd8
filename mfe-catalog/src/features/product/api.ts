import { type ApiBody, type ApiErrorBody, api, useApiRead } from '@shop/shared';

/** The product page's cached reads, by product id. */
export const useProductGroupsQuery = (id: number) =>
  useApiRead('products/grouped-products/:id', { params: { id } });

export const useProductGalleryQuery = (id: number) => useApiRead('products/gallery/:id', { params: { id } });

export const useBoughtTogetherQuery = (id: number) =>
  useApiRead('products/bought-together/:id', { params: { id } });

/** One page of reviews, newest first. */
export function fetchReviewPage(productId: number, page: number) {
  return api.get('product-reviews', {
    query: { 'ProductReviewsSearch[product_id]': productId, sort: '-created_at', page },
  });
}

/** One page of questions, newest first. */
export function fetchQuestionPage(productId: number, page: number) {
  return api.get('product-questions', {
    query: { 'ProductQuestionsSearch[product_id]': productId, sort: '-question_time', page },
  });
}

export type QuestionPayload = ApiBody<'POST', 'product-questions/create'>;

/** Outcome of a form post: ok, or the server's per-field messages (422) when it sent any. */
export type PostOutcome = { ok: true } | { ok: false; fields: Record<string, string> };

function toOutcome(result: { status: true } | { status: false; error: ApiErrorBody | null }): PostOutcome {
  if (result.status) return { ok: true };
  return { ok: false, fields: result.error?.fields ?? {} };
}

export async function askQuestion(payload: QuestionPayload): Promise<PostOutcome> {
  return toOutcome(await api.post('product-questions/create', payload));
}

export async function subscribeNotifyMe(payload: {
  email: string;
  product_id: number;
}): Promise<PostOutcome> {
  return toOutcome(await api.post('notify-me', payload));
}
