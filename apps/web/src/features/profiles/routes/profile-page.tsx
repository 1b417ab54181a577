import type { QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link, useParams, type Params } from 'react-router';
import type { Profile } from '@reloop/shared';
import { uiMessages } from '@reloop/shared/messages';
import { PagedListView } from '../../../components/list-page.tsx';
import { isMissing, LoadFailure } from '../../../components/load-failure.tsx';
import { RatingSummary, VerifiedBadge } from '../../../components/reputation.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { useAuth } from '../../../lib/auth.tsx';
import { formatMonthYear } from '../../../lib/format.ts';
import { usePageTitle } from '../../../lib/page-title.ts';
import { profileQueryOptions, useProfile } from '../../../lib/profiles.ts';
import { reviewsQueryOptions, useReviews } from '../api/reviews.ts';
import { RatingHistogram } from '../components/rating-histogram.tsx';
import { ReviewItem } from '../components/review-item.tsx';

/** The profile and its first reviews, asked for while the page's code loads. */
export function prefetch(queryClient: QueryClient, { id = '' }: Params) {
  void queryClient.prefetchQuery(profileQueryOptions(id));
  void queryClient.prefetchInfiniteQuery(reviewsQueryOptions(id));
}

/** What a seller has for sale, as cards: another feature's, which the app passes in. */
export type SellerListingsSlot = (sellerId: string) => ReactNode;

/**
 * /seller/:id, public: a buyer or seller as others see them, with their rating drawn star by
 * star, their deals, their reviews with the answers, and a seller's listings (`listings`).
 */
export function ProfilePage({ listings }: { listings: SellerListingsSlot }) {
  const { id = '' } = useParams();
  const profile = useProfile(id);
  if (profile.isPending) return <Spinner label="Loading the profile" />;
  if (profile.isError) {
    if (isMissing(profile.error)) return <ProfileNotFound />;
    return (
      <LoadFailure what="profile" error={profile.error} onRetry={() => void profile.refetch()} />
    );
  }
  return <ProfileView profile={profile.data} listings={listings} />;
}

function ProfileNotFound() {
  usePageTitle('Profile not found');
  return (
    <div className="flex min-h-[60vh] flex-col items-center justify-center gap-4 p-6 text-center">
      <h1 className="text-3xl font-bold">Profile not found</h1>
      <p>There is no buyer or seller at this address: the account may have been deleted.</p>
      <Link to="/search" className="btn btn-primary">
        Find a laptop
      </Link>
    </div>
  );
}

const deals = (count: number, noun: string) =>
  `${count} completed ${noun}${count === 1 ? '' : 's'}`;

function ProfileView({ profile, listings }: { profile: Profile; listings: SellerListingsSlot }) {
  const name = profile.name || uiMessages.displayNameFallback;
  usePageTitle(name);
  const { rating } = profile;
  const seller = profile.role === 'seller';
  return (
    <div className="mx-auto grid max-w-7xl gap-10 px-4 py-6 lg:py-8">
      <header className="flex flex-wrap items-center gap-4">
        <Avatar photoURL={profile.photoURL} name={name} />
        <div className="grid gap-1">
          <h1 className="flex flex-wrap items-center gap-2 text-3xl font-bold">
            {name}
            {profile.verified && <VerifiedBadge />}
          </h1>
          <p className="text-base-content/80">
            {seller ? 'Seller' : 'Buyer'} · Member since {formatMonthYear(profile.memberSince)}
          </p>
          <p className="flex flex-wrap gap-x-3">
            <RatingSummary rating={rating} />
            <span>
              {seller
                ? deals(profile.completedSales, 'sale')
                : deals(profile.completedPurchases, 'purchase')}
            </span>
          </p>
        </div>
      </header>
      <div className="grid gap-8 lg:grid-cols-[18rem_minmax(0,1fr)] lg:items-start">
        {rating.count > 0 && (
          <section aria-labelledby="ratings-title" className="bg-base-200 rounded-box p-4">
            <h2 id="ratings-title" className="mb-3 text-xl font-bold">
              Ratings
            </h2>
            <RatingHistogram histogram={rating.histogram} />
          </section>
        )}
        <Reviews subject={{ _id: profile._id, name }} />
      </div>
      {seller && listings(profile._id)}
    </div>
  );
}

/** The person's photo, or their initial in its place. */
function Avatar({ photoURL, name }: { photoURL: string; name: string }) {
  return (
    <div className="avatar avatar-placeholder">
      <div className="bg-neutral text-neutral-content w-20 rounded-full">
        {photoURL ? (
          <img src={photoURL} alt="" />
        ) : (
          <span className="text-3xl" aria-hidden="true">
            {name.charAt(0).toUpperCase()}
          </span>
        )}
      </div>
    </div>
  );
}

function Reviews({ subject }: { subject: { _id: string; name: string } }) {
  const reviews = useReviews(subject._id);
  const viewerId = useAuth().user?.uid ?? null;
  return (
    <section aria-labelledby="reviews-title">
      <h2 id="reviews-title" className="mb-3 text-xl font-bold">
        Reviews
      </h2>
      <PagedListView
        list={reviews}
        loadingLabel="Loading the reviews"
        emptyText="No reviews yet"
        render={(items) => (
          <ul className="grid gap-4">
            {items.map((review) => (
              <ReviewItem key={review._id} review={review} subject={subject} viewerId={viewerId} />
            ))}
          </ul>
        )}
      />
    </section>
  );
}
