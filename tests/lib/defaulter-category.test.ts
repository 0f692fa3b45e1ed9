import { describe, expect, it } from 'vitest';
import { defaulterCategories, defaulterCategory, defaulterCategoryName, defaulterCategoryNames } from '../../src/lib/defaulter-category';

describe('defaulterCategory (spec section 9)', () => {
  it.each([
    [0, 1],
    [1, 1],
    [3, 1],
    [4, 2],
    [7, 2],
    [8, 3],
    [14, 3],
    [15, 4],
    [30, 4],
    [31, 5],
    [90, 5],
    [10_000, 5],
  ])('%i days defaulted is category %i', (days, category) => {
    expect(defaulterCategory(days)).toBe(category);
  });

  it('counts whole days: a fraction stays in the day it started', () => {
    expect(defaulterCategory(3.9)).toBe(1);
    expect(defaulterCategory(7.5)).toBe(2);
    expect(defaulterCategory(30.99)).toBe(4);
  });

  it.each([-1, -0.5, Number.NaN, Number.POSITIVE_INFINITY])('refuses %s', (days) => {
    expect(() => defaulterCategory(days)).toThrow(RangeError);
  });

  it('names the categories due, watchful, substandard, doubtful, non-performing', () => {
    expect(Object.values(defaulterCategoryNames)).toEqual(['due', 'watchful', 'substandard', 'doubtful', 'non-performing']);
    expect(defaulterCategoryName(0)).toBe('due');
    expect(defaulterCategoryName(5)).toBe('watchful');
    expect(defaulterCategoryName(10)).toBe('substandard');
    expect(defaulterCategoryName(20)).toBe('doubtful');
    expect(defaulterCategoryName(45)).toBe('non-performing');
  });

  it('the range table agrees with the function at every boundary', () => {
    for (const { category, name, minDays, maxDays } of defaulterCategories) {
      expect(defaulterCategory(minDays)).toBe(category);
      if (maxDays !== null) {
        expect(defaulterCategory(maxDays)).toBe(category);
        expect(defaulterCategory(maxDays + 1)).toBe(category + 1);
      }
      expect(defaulterCategoryNames[category]).toBe(name);
    }
  });
});
