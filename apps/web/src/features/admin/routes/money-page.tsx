import type { QueryClient } from '@tanstack/react-query';
import type { MoneyOverview } from '@reloop/shared';
import { BarChart } from '../../../components/bar-chart.tsx';
import { Loaded } from '../../../components/loaded.tsx';
import { MoneyTotals } from '../../../components/money-totals.tsx';
import { formatCents, formatDate } from '../../../lib/format.ts';
import { usePageTitle } from '../../../lib/page-title.ts';
import { moneyOverviewQueryOptions, useMoneyOverview } from '../api/money.ts';

/**
 * /dashboard/money (admin): the marketplace's money — held now, and ever released, refunded and
 * kept as fees — and the last days' movements, day by day.
 */
export function Component() {
  usePageTitle('Money');
  return (
    <section className="grid max-w-5xl gap-6">
      <h1 className="text-3xl font-bold">Money</h1>
      <Loaded query={useMoneyOverview()} label="Loading the money overview">
        {(money) => <MoneyView money={money} />}
      </Loaded>
    </section>
  );
}

/** The overview loads while the page's code and the guards are busy. */
export function prefetch(queryClient: QueryClient) {
  void queryClient.prefetchQuery(moneyOverviewQueryOptions());
}

/** "2026-11-20", a day as the API counts it, as "Nov 20, 2026". */
const dayName = (day: string) => formatDate(`${day}T00:00`);

function MoneyView({ money }: { money: MoneyOverview }) {
  return (
    <>
      <MoneyTotals
        totals={[
          {
            label: 'Held',
            cents: money.heldCents,
            note: 'Paid by buyers, not yet released or refunded',
          },
          { label: 'Released', cents: money.releasedCents, note: 'To sellers, fees included' },
          { label: 'Refunded', cents: money.refundedCents, note: 'Back to buyers' },
          { label: 'Fees', cents: money.feesCents, note: 'Kept by Reloop from released sales' },
        ]}
      />
      <BarChart
        title="Money by day"
        pointHeader="Day"
        points={money.byDay}
        pointName={({ day }) => dayName(day)}
        tick={({ day }) => dayName(day).replace(/, \d+$/, '')}
        tickEvery={5}
        series={[
          { label: 'Paid in', tone: 'info', value: (day) => day.paidCents },
          { label: 'Released', tone: 'success', value: (day) => day.releasedCents },
          { label: 'Refunded', tone: 'error', value: (day) => day.refundedCents },
        ]}
        format={formatCents}
      />
    </>
  );
}
