import { LuCircleCheck } from 'react-icons/lu';

// What tells buyers and sellers whom they deal with (DESIGN §16), on cards, listings, profiles
// and the dashboard. Plain text and JSX: product cards load these on the home page. Lucide rather
// than Feather: every Feather icon any page uses ships in the first bundle with the navbar's own.

/** Marks a seller the admins have verified. */
export function VerifiedBadge() {
  return (
    <span className="badge badge-info badge-sm gap-1 font-medium">
      <LuCircleCheck aria-hidden="true" /> verified
    </span>
  );
}

const reviewCount = (count: number) => `${count} review${count === 1 ? '' : 's'}`;

/** "★ 4.8 · 23": someone's average and how many reviews it is of; nothing before the first. */
export function RatingSummary({
  rating,
}: {
  rating: { average: number | null; count: number } | null | undefined;
}) {
  if (!rating || rating.average === null) return null;
  const average = rating.average.toFixed(1);
  return (
    <span
      role="img"
      aria-label={`Rated ${average} out of 5 from ${reviewCount(rating.count)}`}
      className="whitespace-nowrap"
    >
      ★ {average} · {rating.count}
    </span>
  );
}

/** One review's stars, "★★★★☆". */
export function Stars({ rating }: { rating: number }) {
  return (
    <span role="img" aria-label={`${rating} out of 5 stars`} className="text-primary">
      {'★'.repeat(rating) + '☆'.repeat(5 - rating)}
    </span>
  );
}
