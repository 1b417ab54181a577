import type { QueryClient } from '@tanstack/react-query';
import type { Earnings, Payout } from '@reloop/shared';
import { BarChart } from '../../../components/bar-chart.tsx';
import { CardTable, PhoneCaption } from '../../../components/list-page.tsx';
import { Loaded } from '../../../components/loaded.tsx';
import { MoneyTotals } from '../../../components/money-totals.tsx';
import { formatCents, formatDate, formatMonthYear } from '../../../lib/format.ts';
import { usePageTitle } from '../../../lib/page-title.ts';
import { earningsQueryOptions, payoutAccountQueryOptions, useEarnings } from '../api/earnings.ts';
import { PayoutSetup } from '../components/payout-setup.tsx';

/**
 * /dashboard/earnings (sellers): where the money of their sales is (held until the buyer's time
 * to complain ends, released, paid out, and the fees), their earnings month by month, the latest
 * payouts, and the payout account they go to.
 */
export function Component() {
  usePageTitle('Earnings');
  return (
    <section className="grid max-w-5xl gap-6">
      <h1 className="text-3xl font-bold">Earnings</h1>
      <PayoutSetup />
      <Loaded query={useEarnings()} label="Loading your earnings">
        {(earnings) => <EarningsView earnings={earnings} />}
      </Loaded>
    </section>
  );
}

/** The earnings and the payout account load while the page's code and the guards are busy. */
export function prefetch(queryClient: QueryClient) {
  void queryClient.prefetchQuery(earningsQueryOptions());
  void queryClient.prefetchQuery(payoutAccountQueryOptions());
}

/** "2026-03", a month as the API counts it, as "March 2026". */
const monthName = (month: string) => formatMonthYear(`${month}-01T00:00`);

function EarningsView({ earnings }: { earnings: Earnings }) {
  return (
    <>
      <MoneyTotals
        totals={[
          {
            label: 'Held',
            cents: earnings.heldCents,
            note: 'Paid by buyers, yours once their time to report a problem ends',
          },
          {
            label: 'Available',
            cents: earnings.availableCents,
            note: 'Released to you, not paid out yet',
          },
          {
            label: 'Paid out',
            cents: earnings.paidOutCents,
            note: 'Sent to your payout account',
          },
          { label: 'Fees', cents: earnings.feesCents, note: 'Kept by Reloop from released sales' },
        ]}
      />
      {earnings.payouts.length === 0 ? (
        <p className="text-base-content/70 text-lg">
          No earnings yet: a sale’s money shows here once it is released to you, after the handover
          and the buyer’s time to report a problem.
        </p>
      ) : (
        <>
          <BarChart
            title="Earnings by month"
            pointHeader="Month"
            points={earnings.byMonth}
            pointName={({ month }) => monthName(month)}
            tick={({ month }) => monthName(month).slice(0, 3)}
            series={[{ label: 'Earned', tone: 'primary', value: (month) => month.earnedCents }]}
            format={formatCents}
          />
          <section aria-labelledby="payouts-list-title">
            <h2 id="payouts-list-title" className="mb-3 text-xl font-semibold">
              Latest payouts
            </h2>
            <CardTable
              headers={['Product', 'Amount', 'Fee', 'Status', 'Released', 'Paid out']}
              rows={earnings.payouts}
              rowKey={(payout) => payout.bookingId}
              renderRow={(payout) => <PayoutCells payout={payout} />}
            />
          </section>
        </>
      )}
    </>
  );
}

function PayoutCells({ payout }: { payout: Payout }) {
  const sent = payout.status === 'sent';
  return (
    <>
      <td className="font-medium max-sm:basis-full">{payout.productName}</td>
      <td>
        <PhoneCaption>Amount</PhoneCaption>
        {formatCents(payout.amountCents)}
      </td>
      <td>
        <PhoneCaption>Fee</PhoneCaption>
        {formatCents(payout.feeCents)}
      </td>
      <td>
        <span className={`badge whitespace-nowrap ${sent ? 'badge-success' : 'badge-warning'}`}>
          {sent ? 'Sent' : 'Waiting'}
        </span>
      </td>
      <td>
        <PhoneCaption>Released</PhoneCaption>
        <DateOf at={payout.releasedAt} />
      </td>
      <td>
        <PhoneCaption>Paid out</PhoneCaption>
        {payout.paidOutAt ? <DateOf at={payout.paidOutAt} /> : 'Not yet'}
      </td>
    </>
  );
}

const DateOf = ({ at }: { at: string }) => <time dateTime={at}>{formatDate(at)}</time>;
