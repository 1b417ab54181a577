import { describe, expect, it } from 'vitest';
import {
  paginationQuerySchema,
  priceSchema,
  productBodySchema,
  testCardSchema,
} from '@reloop/shared';

/**
 * Every number the shared schemas read: JSON bodies take JSON numbers only, and only query
 * strings read digits from text. `true`, `[1]` or `''` is never taken for a number.
 */
const NOT_NUMBERS = [true, false, [1], '', ' ', '1', null, {}];

describe('numbers in JSON bodies', () => {
  it.each(NOT_NUMBERS)('refuses %o as a price', (value) => {
    expect(priceSchema.safeParse(value).success).toBe(false);
  });

  it('takes a number of dollars as a price', () => {
    expect(priceSchema.parse(549.5)).toBe(549.5);
  });

  it.each(NOT_NUMBERS)('refuses %o as a year of use', (value) => {
    const year = productBodySchema.shape.yearOfUse;
    expect(year.safeParse(value).success).toBe(false);
    expect(year.parse(2021)).toBe(2021);
  });

  it.each(NOT_NUMBERS)('refuses %o as a card expiry month or year', (value) => {
    const card = { number: '4242424242424242', expMonth: 12, expYear: 2099, cvc: '123' };
    expect(testCardSchema.safeParse(card).success).toBe(true);
    expect(testCardSchema.safeParse({ ...card, expMonth: value }).success).toBe(false);
    expect(testCardSchema.safeParse({ ...card, expYear: value }).success).toBe(false);
  });
});

describe('numbers in query strings', () => {
  it('reads digits, and defaults when absent', () => {
    expect(paginationQuerySchema.parse({ limit: '7' }).limit).toBe(7);
    expect(paginationQuerySchema.parse({}).limit).toBe(24);
  });

  it.each(['', ' 7', '7 ', '1e1', '0x10', '7.0', '-7', ['7']])('refuses %o as a limit', (limit) => {
    expect(paginationQuerySchema.safeParse({ limit }).success).toBe(false);
  });
});
