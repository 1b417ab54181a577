import type { QueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import { LuClock, LuMapPin } from 'react-icons/lu';
import { Link, useParams, type Params } from 'react-router';
import type { BookingStatus, ProductDetail } from '@reloop/shared';
import { conditionGrades } from '@reloop/shared/conditions';
import { NotFound } from '../../../components/error-screen.tsx';
import { isMissing, LoadFailure } from '../../../components/load-failure.tsx';
import type { ApiSchema } from '../../../lib/api-client.ts';
import { useAuth } from '../../../lib/auth.tsx';
import { formatPrice, formatTimeAgo } from '../../../lib/format.ts';
import { usePageTitle } from '../../../lib/page-title.ts';
import { imageSizes } from '../../../lib/image-variants.ts';
import { preloadImage } from '../../../lib/preload-image.ts';
import { productQueryOptions, useProduct } from '../../../lib/product.ts';
import { useBuyerBooking } from '../api/buyer-booking.ts';
import {
  AskSellerAction,
  LogInToBookLink,
  ReportButton,
  WatchButton,
} from '../components/listing-actions.tsx';
import { ListingFact } from '../components/listing-details.tsx';
import { PhotoGallery } from '../components/photo-gallery.tsx';
import { SellerCard } from '../components/seller-card.tsx';
import { SpecsTable } from '../components/specs-table.tsx';

// The form libraries load only when someone opens a booking or a question.
const BookingModal = lazy(() => import('../components/booking-modal.tsx'));
const AskQuestionDialog = lazy(async () => ({
  default: (await import('../components/booking-modal.tsx')).AskQuestionDialog,
}));

/** The listing, asked for while the page's code loads; its cover photo as soon as it is known. */
export function prefetch(queryClient: QueryClient, { id = '' }: Params) {
  const listing = productQueryOptions(id);
  void queryClient.prefetchQuery(listing).then(() => {
    const cover = queryClient.getQueryData(listing.queryKey)?.imgUrl;
    if (cover) preloadImage(cover, imageSizes.gallery);
  });
}

/** The page's grid, one column on a phone and two from `lg` up; its placeholder keeps the shape. */
const layoutClass =
  'mx-auto grid max-w-7xl grid-cols-1 gap-6 px-4 py-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] lg:grid-rows-[auto_1fr] lg:gap-x-10 lg:py-8';

/** /product/:id — one listing, public, at a URL that can be shared. */
export function Component() {
  const { id = '' } = useParams();
  const listing = useProduct(id);
  if (listing.isPending) return <ListingPlaceholder />;
  if (listing.isError) {
    if (isMissing(listing.error)) return <ListingNotFound />;
    return (
      <LoadFailure what="listing" error={listing.error} onRetry={() => void listing.refetch()} />
    );
  }
  return <Listing listing={listing.data} />;
}

function ListingNotFound() {
  return (
    // The app's not-found screen, its box shrunk to its heading so the way on sits right below.
    <div className="flex min-h-[60vh] flex-col items-center justify-center gap-2 [&>div]:min-h-0">
      <NotFound />
      <Link to="/search" className="btn btn-primary">
        Find another laptop
      </Link>
    </div>
  );
}

function ListingPlaceholder() {
  return (
    <div className={layoutClass} role="status" aria-live="polite">
      <span className="sr-only">Loading the listing</span>
      <div className="skeleton rounded-box aspect-[4/3]" aria-hidden="true" />
      <div className="grid content-start gap-4" aria-hidden="true">
        <div className="skeleton h-9 w-3/4" />
        <div className="skeleton h-9 w-1/2" />
        <div className="skeleton h-20" />
        <div className="skeleton h-12" />
      </div>
    </div>
  );
}

function Listing({ listing }: { listing: ProductDetail }) {
  usePageTitle(listing.name);
  const grade = conditionGrades[listing.condition];
  const sold = listing.status === 'sold';
  return (
    <article className={layoutClass}>
      <PhotoGallery
        photos={listing.photos.length > 0 ? listing.photos : [listing.imgUrl]}
        productName={listing.name}
      />
      {/* One column from `lg` up; on a phone its parts take their places in the page's column,
          the seller's card last, after the description and specs. */}
      <div className="grid content-start gap-6 max-lg:contents lg:row-span-2">
        <div className="grid content-start gap-4">
          <h1 className="text-2xl font-bold sm:text-3xl">{listing.name}</h1>
          <p className="flex flex-wrap items-baseline gap-x-3">
            <span className="text-primary text-3xl font-bold">
              {formatPrice(listing.resalePrice)}
            </span>
            <span className="text-base-content/60 line-through">
              <span className="sr-only">Original price </span>
              {formatPrice(listing.originalPrice)}
            </span>
            {sold && <span className="badge badge-neutral">Sold</span>}
          </p>
          <div>
            <p className="font-semibold">
              Condition: <span className="badge badge-ghost">{grade.label}</span>
            </p>
            <p className="text-base-content/80 mt-1 text-sm">{grade.meaning}</p>
          </div>
          <ul className="text-base-content/80 grid gap-1 text-sm">
            <ListingFact icon={LuMapPin}>{listing.location}</ListingFact>
            <ListingFact icon={LuClock}>
              Posted{' '}
              <time dateTime={listing.timeWhenPost}>{formatTimeAgo(listing.timeWhenPost)}</time>
            </ListingFact>
          </ul>
          <ListingActions listing={listing} />
        </div>
        <div className="max-lg:order-1">
          <SellerCard listing={listing} />
        </div>
      </div>
      <div className="grid content-start gap-6">
        <DetailSection id="description-title" title="Description">
          <p className="whitespace-pre-line">{listing.description}</p>
        </DetailSection>
        <DetailSection id="specs-title" title="Specifications">
          <SpecsTable specs={listing} labelledBy="specs-title" />
        </DetailSection>
      </div>
    </article>
  );
}

/** A part of the listing under its heading (`id` is the heading's). */
function DetailSection({
  id,
  title,
  children,
}: {
  id: string;
  title: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id}>
      <h2 id={id} className="mb-2 text-xl font-bold">
        {title}
      </h2>
      {children}
    </section>
  );
}

/**
 * Book Now for a buyer while the laptop is for sale, "Log in to book" for a visitor; Report for
 * anyone signed in. A sold listing stays readable (it may have been shared) but takes no booking.
 * A buyer who has booked it sees that instead, with the way to pay and to My Orders.
 */
function ListingActions({ listing }: { listing: ProductDetail }) {
  const { user } = useAuth();
  const [booking, setBooking] = useState(false);
  const [asking, setAsking] = useState(false);
  // Once the dialog has closed, the booking it made shows where Book Now was.
  const [dialogClosed, setDialogClosed] = useState(false);
  return (
    <div className="flex min-h-12 flex-wrap items-center gap-3">
      <BookingAction
        listing={listing}
        dialogClosed={dialogClosed}
        onBook={() => {
          setBooking(true);
          setDialogClosed(false);
        }}
      />
      <AskSellerAction listing={listing} onAsk={() => setAsking(true)} />
      <WatchButton listing={listing} />
      {user && <ReportButton product={listing} />}
      {booking && (
        <Suspense fallback={null}>
          <BookingModal
            product={listing}
            onClose={() => {
              setBooking(false);
              setDialogClosed(true);
            }}
          />
        </Suspense>
      )}
      {asking && (
        <Suspense fallback={null}>
          <AskQuestionDialog product={listing} onClose={() => setAsking(false)} />
        </Suspense>
      )}
    </div>
  );
}

function BookingAction({
  listing,
  dialogClosed,
  onBook,
}: {
  listing: ProductDetail;
  dialogClosed: boolean;
  onBook: () => void;
}) {
  const { user, role, loading } = useAuth();
  const booked = useBuyerBooking(role === 'buyer' ? (user?.email ?? '') : '', listing._id);
  if (booked.data) return <BookedNotice booking={booked.data} focus={dialogClosed} />;
  // Until the session, the role and a buyer's booking are known, so a buyer never sees "Log in to
  // book" or Book Now flash by. Should the bookings not load, Book Now stays: the server refuses
  // a second booking with its reason.
  const skeleton = <span className="skeleton h-12 w-32" aria-hidden="true" />;
  if (booked.isLoading) return skeleton;
  if (listing.status === 'sold') {
    return <p className="alert">Sold: this laptop is no longer for sale.</p>;
  }
  if (loading) return skeleton;
  if (!user) return <LogInToBookLink className="btn btn-primary" />;
  if (role !== 'buyer')
    return <p className="text-base-content/70 text-sm">Only buyers can book.</p>;
  return (
    <button type="button" className="btn btn-primary" onClick={onBook}>
      Book Now
    </button>
  );
}

/** What the buyer's booking says, by where it stands. */
const bookedText: Partial<Record<BookingStatus, string>> = {
  unpaid: 'You booked this laptop. Pay for it to get the seller’s contact.',
  paid: 'You paid for this laptop: the seller’s contact is in My Orders.',
  completed: 'You bought this laptop.',
};

/**
 * In Book Now's place once the buyer has booked the laptop. When the booking dialog closes, the
 * button that opened it is gone, so focus comes here, where the next step is.
 */
function BookedNotice({ booking, focus }: { booking: ApiSchema<'Booking'>; focus: boolean }) {
  const notice = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (focus) notice.current?.focus();
  }, [focus]);
  return (
    <div ref={notice} tabIndex={-1} className="alert alert-vertical sm:alert-horizontal">
      <p>{bookedText[booking.status]}</p>
      <div className="flex flex-wrap gap-2">
        {/* As on My Orders, a refunded booking is not paid for again. */}
        {booking.status === 'unpaid' && !booking.refundId && (
          <Link to={`/dashboard/payment/${booking._id}`} className="btn btn-primary btn-sm">
            Pay now
          </Link>
        )}
        <Link to="/dashboard/orders" className="btn btn-outline btn-sm">
          My Orders
        </Link>
      </div>
    </div>
  );
}
