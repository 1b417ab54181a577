import { BookingCells, BookingContact } from '../../../components/booking-row.tsx';
import { cancellation, useBookingChange } from '../../../components/booking-change.tsx';
import { ListPage } from '../../../components/list-page.tsx';
import { usePageTitle } from '../../../lib/page-title.ts';
import { useSales } from '../api/sales.ts';

/**
 * /dashboard/sales (sellers): every booking on the seller's products, with what the handover
 * needs (the buyer's name and phone, where they meet, the buyer's note) and where it stands. The
 * seller declines an unpaid booking, and cancels a paid sale (the buyer is refunded).
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
          contact={<BookingContact caption="Buyer" name={sale.buyerName} phone={sale.buyerPhone} />}
          meetingLocation={sale.meetingLocation}
          conversation={`/dashboard/sales/${sale._id}/messages`}
        >
          {(sale.status === 'unpaid' || sale.status === 'paid') &&
            changes.button(cancellation('seller', sale))}
        </BookingCells>
      )}
    >
      {changes.dialog}
    </ListPage>
  );
}
