import { describe, expect, it } from 'vitest';
import {
  formatCents,
  formatCount,
  formatDate,
  formatDateTime,
  formatPrice,
  formatTimeAgo,
  formatWindowEnd,
} from './format.ts';

describe('formatPrice', () => {
  it('shows dollars with cents', () => {
    expect(formatPrice(549.5)).toBe('$549.50');
    expect(formatPrice(1299)).toBe('$1,299.00');
  });

  it('writes what Intl.NumberFormat writes for US dollars', () => {
    const dollars = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
    for (const amount of [0, 0.5, 7, 999.999, 1000, 12345.67, 1234567.891, -42.1]) {
      expect(formatPrice(amount)).toBe(dollars.format(amount));
    }
  });
});

describe('formatCount', () => {
  it('writes what Intl.NumberFormat writes for whole numbers', () => {
    const numbers = new Intl.NumberFormat('en-US');
    for (const count of [0, 3, 999, 1000, 12000, 1234567]) {
      expect(formatCount(count)).toBe(numbers.format(count));
    }
  });
});

describe('formatCents', () => {
  it('shows whole cents as dollars with cents', () => {
    expect(formatCents(0)).toBe('$0.00');
    expect(formatCents(1005)).toBe('$10.05');
    expect(formatCents(125050)).toBe('$1,250.50');
  });
});

describe('formatDate and formatDateTime', () => {
  it("write the day, and the time, in the reader's time zone", () => {
    const local = new Date(2026, 10, 20, 9, 5).toISOString();
    expect(formatDate(local)).toBe('Nov 20, 2026');
    expect(formatDateTime(local)).toBe('Nov 20, 2026, 09:05');
  });
});

describe('formatWindowEnd', () => {
  // Friday Nov 27, 2026, 09:00 in the reader's time zone.
  const now = new Date(2026, 10, 27, 9, 0);
  const at = (day: number, hours: number, minutes = 0) =>
    new Date(2026, 10, day, hours, minutes).toISOString();

  it.each([
    [at(27, 18, 30), 'Friday 18:30'],
    [at(29, 14), 'Sunday 14:00'],
    // Six days ahead, the weekday still tells the day: next Friday would be a week away.
    [at(33, 9), 'Thursday 09:00'],
    [at(33, 9, 1), 'Thursday, Dec 3, 2026, 09:01'],
    [at(36, 14), 'Sunday, Dec 6, 2026, 14:00'],
  ])('%s → %s', (iso, expected) => {
    expect(formatWindowEnd(iso, now)).toBe(expected);
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

  it('writes what Intl.RelativeTimeFormat writes in English', () => {
    const relative = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });
    const seconds = {
      year: 365 * 86400,
      month: 30 * 86400,
      week: 7 * 86400,
      day: 86400,
      hour: 3600,
      minute: 60,
    };
    const cases: [number, keyof typeof seconds][] = [
      [-1, 'year'],
      [-1, 'month'],
      [-1, 'week'],
      [-1, 'day'],
      [-1, 'hour'],
      [-1, 'minute'],
      [-3, 'day'],
      [-2, 'week'],
      [-11, 'month'],
      [-5, 'year'],
      [2, 'day'],
      [1, 'hour'],
    ];
    for (const [count, unit] of cases) {
      const iso = new Date(now.getTime() + count * seconds[unit] * 1000).toISOString();
      expect(formatTimeAgo(iso, now)).toBe(relative.format(count, unit));
    }
  });
});
