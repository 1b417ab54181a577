import { Link } from 'react-router';
import { RatingSummary } from '../../../components/reputation.tsx';
import { profilePath, useProfile } from '../../../lib/profiles.ts';

/**
 * The signed-in seller's rating as buyers see it, once loaded, and the way to their public
 * profile, where they answer their reviews.
 */
export function OwnRating({ userId }: { userId: string }) {
  const rating = useProfile(userId).data?.rating;
  return (
    <p className="mb-6 flex flex-wrap items-center gap-x-3 gap-y-1">
      {rating &&
        (rating.average === null ? (
          <span>No reviews of you are shown yet.</span>
        ) : (
          <span>
            Your rating: <RatingSummary rating={rating} />
          </span>
        ))}
      <Link to={profilePath(userId)} className="link">
        Your public profile
      </Link>
    </p>
  );
}
