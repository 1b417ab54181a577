import { SellerListings } from '../../features/catalog/components/seller-listings.tsx';
import { ProfilePage } from '../../features/profiles/routes/profile-page.tsx';

export { prefetch } from '../../features/profiles/routes/profile-page.tsx';

const sellerListings = (sellerId: string) => <SellerListings sellerId={sellerId} />;

/**
 * /seller/:id: the profile (profiles) with a seller's listings as the catalog shows them, put
 * together here, as features do not import each other.
 */
export function Component() {
  return <ProfilePage listings={sellerListings} />;
}
