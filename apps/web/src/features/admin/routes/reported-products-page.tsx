import { Link } from 'react-router';
import { uiMessages } from '@reloop/shared/messages';
import { DeleteButton } from '../../../components/confirm-dialog.tsx';
import { ListPage, ThumbnailCell } from '../../../components/list-page.tsx';
import { useProductRemoval } from '../../../components/product-removal.tsx';
import { formatPrice } from '../../../lib/format.ts';
import { useReportedProducts } from '../api/reported-products.ts';
import { usePageTitle } from '../../../lib/page-title.ts';

/**
 * /dashboard/report (admin): reported listings, to delete or leave once their bookings'
 * conversations are read.
 */
export function Component() {
  usePageTitle('Reported Products');
  const reported = useReportedProducts();
  const removal = useProductRemoval(
    'The listing disappears for everyone. Bookings of it stay readable.',
  );

  return (
    <ListPage
      title="Reported Products"
      list={reported}
      loadingLabel="Loading reported products"
      emptyText={uiMessages.noReportedProducts}
      headers={['Image', 'Name', 'Price', 'Seller', 'Actions']}
      rowKey={(product) => product._id}
      renderRow={(product) => (
        <>
          <ThumbnailCell src={product.imgUrl} alt={product.name} />
          <td>{product.name}</td>
          <td>{formatPrice(product.resalePrice)}</td>
          <td>{product.sellerName || uiMessages.displayNameFallback}</td>
          <td>
            <div className="flex flex-wrap gap-2">
              <Link
                to={`/dashboard/report/${product._id}/threads`}
                className="btn btn-sm btn-outline"
                aria-label={`Conversations about ${product.name}`}
              >
                Conversations
              </Link>
              <DeleteButton onClick={() => removal.ask(product)} />
            </div>
          </td>
        </>
      )}
    >
      {removal.dialog}
    </ListPage>
  );
}
