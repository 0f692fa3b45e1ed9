/**
 * Defaulter ageing categories by days_defaulted (spec section 9): under 4 days = 1, 4-7 = 2, 8-14 = 3,
 * 15-30 = 4, 31 or more = 5. Days are whole days: a fraction counts as the day it started (3.5 is still
 * "under 4"). A loan with 0 days defaulted is in category 1: an installment is due but not yet late.
 */
export type DefaulterCategory = 1 | 2 | 3 | 4 | 5;

export const defaulterCategoryNames = {
  1: 'due',
  2: 'watchful',
  3: 'substandard',
  4: 'doubtful',
  5: 'non-performing',
} as const satisfies Record<DefaulterCategory, string>;

export type DefaulterCategoryName = (typeof defaulterCategoryNames)[DefaulterCategory];

/** Each category with its inclusive day range (max null: no upper bound), in order. */
export const defaulterCategories: ReadonlyArray<{
  category: DefaulterCategory;
  name: DefaulterCategoryName;
  minDays: number;
  maxDays: number | null;
}> = [
  { category: 1, name: 'due', minDays: 0, maxDays: 3 },
  { category: 2, name: 'watchful', minDays: 4, maxDays: 7 },
  { category: 3, name: 'substandard', minDays: 8, maxDays: 14 },
  { category: 4, name: 'doubtful', minDays: 15, maxDays: 30 },
  { category: 5, name: 'non-performing', minDays: 31, maxDays: null },
];

export function defaulterCategory(daysDefaulted: number): DefaulterCategory {
  if (!Number.isFinite(daysDefaulted) || daysDefaulted < 0) {
    throw new RangeError(`days defaulted must be a number of days, 0 or more (got ${daysDefaulted})`);
  }
  const days = Math.floor(daysDefaulted);
  if (days < 4) return 1;
  if (days <= 7) return 2;
  if (days <= 14) return 3;
  if (days <= 30) return 4;
  return 5;
}

export function defaulterCategoryName(daysDefaulted: number): DefaulterCategoryName {
  return defaulterCategoryNames[defaulterCategory(daysDefaulted)];
}
