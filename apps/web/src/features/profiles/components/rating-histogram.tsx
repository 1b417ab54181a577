/**
 * How many reviews gave each number of stars, from 5 down to 1, each bar its share of them all.
 * Each line reads "5 stars: 12" to a screen reader; the bar is only drawn.
 */
export function RatingHistogram({ histogram }: { histogram: number[] }) {
  const total = Math.max(
    1,
    histogram.reduce((sum, count) => sum + count, 0),
  );
  const lines = histogram.map((count, index) => ({ stars: index + 1, count })).reverse();
  return (
    <ul aria-label="Reviews by stars" className="grid gap-2">
      {lines.map(({ stars, count }) => (
        <li key={stars} className="flex items-center gap-3 text-sm">
          <span className="w-14 shrink-0">
            {stars} star{stars === 1 ? '' : 's'}
            <span className="sr-only">:</span>
          </span>
          <span aria-hidden="true" className="bg-base-300 h-3 flex-1 overflow-hidden rounded-full">
            <span
              className="bg-primary block h-full rounded-full"
              style={{ width: `${(count / total) * 100}%` }}
            />
          </span>{' '}
          <span className="w-8 shrink-0 text-right">{count}</span>
        </li>
      ))}
    </ul>
  );
}
