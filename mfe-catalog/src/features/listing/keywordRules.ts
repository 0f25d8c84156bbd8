import { keywordSchema } from '@shop/shared/validation';

/** The keyword filter's message for a text, or null when it may be applied (spec 000, section 5). */
export function keywordError(text: string): string | null {
  try {
    keywordSchema.validateSync({ keyword: text });
    return null;
  } catch (error) {
    // Yup's ValidationError carries the schema's message (the spec's exact text).
    if (error instanceof Error) return error.message;
    throw error;
  }
}
