/**
 * Display formats shared by every screen: prices in dollars, storage sizes, months, dates and
 * times, and how long ago something was posted, in the app's one language. Written out rather than with
 * Intl.NumberFormat, Intl.DateTimeFormat and Intl.RelativeTimeFormat: the first Intl formatter a
 * page creates loads the locale data, 20–30 ms of main thread measured in Chromium, right before
 * a category page's first photo is painted.
 */
export function formatPrice(amount: number): string {
  const [whole = '0', cents = '00'] = Math.abs(amount).toFixed(2).split('.');
  return `${amount < 0 ? '-' : ''}$${groupThousands(whole)}.${cents}`;
}

/** A whole number with thousands separators: 92000 → "92,000". */
export const formatCount = (count: number): string => groupThousands(String(count));

const groupThousands = (digits: string) => digits.replace(/\B(?=(\d{3})+$)/g, ',');

/** A price in whole cents, as the money calls count it: 12050 → "$120.50". */
export const formatCents = (cents: number): string => formatPrice(cents / 100);

/** "512 GB", and whole terabytes as such: "1 TB". */
export function formatStorage(gigabytes: number): string {
  return gigabytes >= 1024 && gigabytes % 1024 === 0 ? `${gigabytes / 1024} TB` : `${gigabytes} GB`;
}

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** "November 2026", in the reader's time zone. */
export function formatMonthYear(iso: string): string {
  const date = new Date(iso);
  return `${MONTHS[date.getMonth()] ?? ''} ${date.getFullYear()}`;
}

const twoDigits = (value: number) => String(value).padStart(2, '0');
const clock = (date: Date) => `${twoDigits(date.getHours())}:${twoDigits(date.getMinutes())}`;

/** "Nov 20, 2026", in the reader's time zone. */
export function formatDate(iso: string): string {
  const date = new Date(iso);
  return `${(MONTHS[date.getMonth()] ?? '').slice(0, 3)} ${date.getDate()}, ${date.getFullYear()}`;
}

/** "Nov 20, 2026, 09:05", in the reader's time zone. */
export function formatDateTime(iso: string): string {
  return `${formatDate(iso)}, ${clock(new Date(iso))}`;
}

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const SIX_DAYS_MS = 6 * 24 * 3600 * 1000;

/**
 * When a window of time ends, in the reader's time zone: "Sunday 14:00" within the next six days,
 * where the weekday alone tells the day; further off with its date, "Sunday, Dec 6, 2026, 14:00".
 */
export function formatWindowEnd(iso: string, now: Date = new Date()): string {
  const date = new Date(iso);
  const weekday = WEEKDAYS[date.getDay()] ?? '';
  if (date.getTime() - now.getTime() > SIX_DAYS_MS) return `${weekday}, ${formatDateTime(iso)}`;
  return `${weekday} ${clock(date)}`;
}

type Unit = 'year' | 'month' | 'week' | 'day' | 'hour' | 'minute';
const UNITS: [Unit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];
/** What Intl.RelativeTimeFormat's `numeric: 'auto'` says for one unit back. */
const ONE_BACK: Partial<Record<Unit, string>> = {
  year: 'last year',
  month: 'last month',
  week: 'last week',
  day: 'yesterday',
};

export function formatTimeAgo(iso: string, now: Date = new Date()): string {
  const seconds = (new Date(iso).getTime() - now.getTime()) / 1000;
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) < size) continue;
    const count = Math.round(seconds / size);
    const oneBack = count === -1 ? ONE_BACK[unit] : undefined;
    if (oneBack) return oneBack;
    const amount = `${Math.abs(count)} ${unit}${Math.abs(count) === 1 ? '' : 's'}`;
    return count < 0 ? `${amount} ago` : `in ${amount}`;
  }
  return 'just now';
}
