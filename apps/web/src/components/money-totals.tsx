import { formatCents } from '../lib/format.ts';

/** One sum of money on a card: what it is, how much, and what it means. */
export interface MoneyTotal {
  label: string;
  cents: number;
  note: string;
}

/** Sums of money as a row of cards (two a row on a tablet, one on a phone). */
export function MoneyTotals({ totals }: { totals: MoneyTotal[] }) {
  return (
    <dl className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
      {totals.map(({ label, cents, note }) => (
        <div key={label} className="bg-base-200 rounded-box p-4">
          <dt className="text-base-content/70 text-sm">{label}</dt>
          <dd className="text-2xl font-bold">{formatCents(cents)}</dd>
          <dd className="text-base-content/70 mt-1 text-xs">{note}</dd>
        </div>
      ))}
    </dl>
  );
}
