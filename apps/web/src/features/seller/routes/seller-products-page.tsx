import { Link } from 'react-router';
import { uiMessages } from '@reloop/shared/messages';
import { DeleteButton } from '../../../components/confirm-dialog.tsx';
import { ListPage, ThumbnailCell } from '../../../components/list-page.tsx';
import { useProductRemoval } from '../../../components/product-removal.tsx';
import { useAuth } from '../../../lib/auth.tsx';
import { formatPrice } from '../../../lib/format.ts';
import { toastOutcome } from '../../../lib/mutation-toasts.ts';
import { useAdvertiseProduct, useSellerProducts } from '../api/products.ts';
import { usePageTitle } from '../../../lib/page-title.ts';
import { OwnRating } from '../components/own-rating.tsx';
import { specSummary } from '../components/spec-summary.ts';

/**
 * /dashboard/products — the seller's rating and the way to their public profile, then their
 * listings, to edit, advertise or delete.
 */
export function Component() {
  usePageTitle('All Products');
  const { user } = useAuth();
  const products = useSellerProducts(user?.email ?? '');
  const advertise = useAdvertiseProduct();
  const removal = useProductRemoval(
    'The listing disappears for buyers. Bookings of it stay readable.',
  );

  return (
    <ListPage
      title="All Products"
      intro={user && <OwnRating userId={user.uid} />}
      list={products}
      loadingLabel="Loading your products"
      emptyText={uiMessages.noProducts}
      headers={['Image', 'Name', 'Specs', 'Resale price', 'Status', 'Actions']}
      rowKey={(product) => product._id}
      renderRow={(product) => (
        <>
          <ThumbnailCell src={product.imgUrl} alt={product.name} />
          <td>{product.name}</td>
          <td>
            {product.model === null ? (
              <span className="text-base-content/70 text-sm">No specs yet</span>
            ) : (
              <>
                <span className="block">{product.model}</span>
                <span className="text-base-content/70 block text-sm">{specSummary(product)}</span>
              </>
            )}
          </td>
          <td>{formatPrice(product.resalePrice)}</td>
          <td>
            <span
              className={`badge ${product.status === 'sold' ? 'badge-success' : 'badge-ghost'}`}
            >
              {product.status}
            </span>
          </td>
          <td className="flex flex-wrap gap-2">
            {product.status === 'unsold' && (
              <Link
                to={`/dashboard/products/${product._id}/edit`}
                className="btn btn-sm btn-outline"
                aria-label={`Edit ${product.name}`}
              >
                Edit
              </Link>
            )}
            {product.status === 'unsold' &&
              (product.advertise ? (
                <button type="button" className="btn btn-sm" disabled>
                  already advertised
                </button>
              ) : (
                <button
                  type="button"
                  className="btn btn-sm btn-primary"
                  onClick={() =>
                    advertise.mutate(product._id, toastOutcome(uiMessages.productAdvertised))
                  }
                  disabled={advertise.isPending}
                >
                  advertise
                </button>
              ))}
            <DeleteButton onClick={() => removal.ask(product)} />
          </td>
        </>
      )}
    >
      {removal.dialog}
    </ListPage>
  );
}
