/**
 * The listing's `f` attribute filter: its bounds and its parsing.
 *
 * `f` is a JSON object of attribute name → values, e.g. {"Colour":["Red","Blue"]}: values OR
 * within a name, AND across names. The bounds are far above what the catalog's filter panel can
 * send (it offers the names and values of the facets: 4 names seeded, Colour, Material, Occasion,
 * Size, with at most 15 values, Material's; every seeded value ticked at once is ~360 characters
 * of JSON), so only a hand-made request ever meets them.
 */

// The bounds are shared with the listing page, which drops an `f` beyond them before it asks.
import {
  ATTRIBUTE_FILTER_MAX_LENGTH,
  ATTRIBUTE_FILTER_MAX_NAME_LENGTH,
  ATTRIBUTE_FILTER_MAX_NAMES,
  ATTRIBUTE_FILTER_MAX_VALUE_LENGTH,
  ATTRIBUTE_FILTER_MAX_VALUES,
  characters,
} from '@shop/contract/validation/listing-limits';
import { AppError } from '../../errors';

export {
  ATTRIBUTE_FILTER_MAX_LENGTH,
  ATTRIBUTE_FILTER_MAX_NAME_LENGTH,
  ATTRIBUTE_FILTER_MAX_NAMES,
  ATTRIBUTE_FILTER_MAX_VALUE_LENGTH,
  ATTRIBUTE_FILTER_MAX_VALUES,
};

export type AttributeFilters = Record<string, string[]>;

const SHAPE = 'must be a JSON object of attribute name → list of values, e.g. {"Colour":["Red","Blue"]}';

/**
 * `f` as attribute name → its distinct values, sorted; a name with no value is left out. Anything
 * malformed or beyond a bound is a 400 naming `f`. A name no product has is kept: like an unknown
 * slug it matches nothing (catalogueIndex.ts).
 */
export function parseAttributeFilters(raw: string | undefined): AttributeFilters {
  if (raw === undefined || raw.trim() === '') return {};
  const refuse = (message: string, problem: string) => AppError.badRequest(`f ${message}`, { f: problem });
  if (characters(raw) > ATTRIBUTE_FILTER_MAX_LENGTH) {
    const problem = `must not be longer than ${ATTRIBUTE_FILTER_MAX_LENGTH} characters`;
    throw refuse(problem, problem);
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw refuse(`is not valid JSON: it ${SHAPE}`, `is not valid JSON; ${SHAPE}`);
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw refuse(SHAPE, SHAPE);
  const entries = Object.entries(parsed);
  if (entries.length > ATTRIBUTE_FILTER_MAX_NAMES) {
    const problem = `must not name more than ${ATTRIBUTE_FILTER_MAX_NAMES} attributes`;
    throw refuse(`${problem} (it names ${entries.length})`, problem);
  }
  const filters: AttributeFilters = {};
  for (const [name, values] of entries) {
    if (characters(name) > ATTRIBUTE_FILTER_MAX_NAME_LENGTH) {
      const problem = `attribute names must not be longer than ${ATTRIBUTE_FILTER_MAX_NAME_LENGTH} characters`;
      throw refuse(problem, problem);
    }
    if (!Array.isArray(values) || !values.every((value): value is string => typeof value === 'string')) {
      throw AppError.badRequest(`f.${name} must be a list of strings`, { f: SHAPE });
    }
    if (values.length > ATTRIBUTE_FILTER_MAX_VALUES) {
      const problem = `must not list more than ${ATTRIBUTE_FILTER_MAX_VALUES} values for one attribute`;
      throw AppError.badRequest(`f.${name} ${problem} (it lists ${values.length})`, { f: problem });
    }
    if (values.some((value) => characters(value) > ATTRIBUTE_FILTER_MAX_VALUE_LENGTH)) {
      const problem = `attribute values must not be longer than ${ATTRIBUTE_FILTER_MAX_VALUE_LENGTH} characters`;
      throw AppError.badRequest(`f.${name}: ${problem}`, { f: problem });
    }
    if (values.length > 0) filters[name] = [...new Set(values)].sort();
  }
  return filters;
}
