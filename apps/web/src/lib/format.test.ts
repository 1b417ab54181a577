import { describe, expect, it } from 'vitest';
import { formatPrice, formatTimeAgo } from './format.ts';

describe('formatPrice', () => {
  it('shows dollars with cents', () => {
    expect(formatPrice(549.5)).toBe('$549.50');
    expect(formatPrice(1299)).toBe('$1,299.00');
  });
});

describe('formatTimeAgo', () => {
  const now = new Date('2026-11-22T12:00:00Z');
  it.each([
    ['2026-11-22T11:59:30Z', 'just now'],
    ['2026-11-22T11:00:00Z', '1 hour ago'],
    ['2026-11-19T12:00:00Z', '3 days ago'],
    ['2026-10-01T12:00:00Z', '2 months ago'],
  ])('%s → %s', (iso, expected) => {
    expect(formatTimeAgo(iso, now)).toBe(expected);
  });
});
