import { lazy, Suspense } from 'react';
import { ReleaseTime } from '../../../components/booking-details.tsx';
import { BookingReview } from '../../../components/booking-review.tsx';
import { BookingCells, BookingContact } from '../../../components/booking-row.tsx';
import { cancellation, useBookingChange } from '../../../components/booking-change.tsx';
import { ListPage } from '../../../components/list-page.tsx';
import { usePageTitle } from '../../../lib/page-title.ts';
import { useSales } from '../api/sales.ts';

// Its form and the shared rules it checks load only for a paid sale, not with every list.
const HandoverCodeForm = lazy(() => import('../components/handover-code-form.tsx'));

/**
 * /dashboard/sales (sellers): every booking on the seller's products, with what the handover
 * needs (the buyer's name and phone, where they meet, the buyer's note, the buyer's code to enter
 * there), where it stands and where its money is. The seller declines an unpaid booking, and
 * cancels a paid sale (the buyer is refunded), and reviews the buyer after the handover.
 */
export function Component() {
  usePageTitle('My Sales');
  const sales = useSales();
  const changes = useBookingChange();
  return (
    <ListPage
      title="My Sales"
      list={sales}
      loadingLabel="Loading sales"
      emptyText="No sales yet"
      headers={['Image', 'Product', 'Buyer', 'Meeting location', 'Status', 'Actions']}
      rowKey={(sale) => sale._id}
      renderRow={(sale) => (
        <BookingCells
          booking={sale}
          viewer="seller"
          contact={
            <BookingContact
              caption="Buyer"
              name={sale.buyerName}
              profileId={sale.buyerId}
              phone={sale.buyerPhone}
            />
          }
          meetingLocation={sale.meetingLocation}
          conversation={`/dashboard/sales/${sale._id}/messages`}
        >
          {sale.status === 'paid' && (
            <Suspense fallback={null}>
              <HandoverCodeForm sale={sale} />
            </Suspense>
          )}
          {(sale.status === 'unpaid' || sale.status === 'paid') &&
            changes.button(cancellation('seller', sale))}
          {sale.status === 'completed' && sale.funds === 'held' && sale.releaseAt && (
            <p className="basis-full text-sm">
              Payment held until <ReleaseTime at={sale.releaseAt} />, then paid to you.
            </p>
          )}
          {sale.funds === 'disputed' && (
            <p className="basis-full text-sm">
              The buyer reported a problem: the payment stays held until Reloop’s team decides.
              Answer them in Messages.
            </p>
          )}
          <BookingReview booking={sale} viewer="seller" otherId={sale.buyerId} />
        </BookingCells>
      )}
    >
      {changes.dialog}
    </ListPage>
  );
}
