import { lazy, Suspense, useState } from 'react';
import { LuFlag } from 'react-icons/lu';
import type { Review } from '@reloop/shared';
import { Stars } from '../../../components/reputation.tsx';
import { formatDate } from '../../../lib/format.ts';
import { toastOutcome } from '../../../lib/mutation-toasts.ts';
import { useReportReview } from '../api/reviews.ts';

// Its form and the shared rules it checks load only when the reviewed person answers.
const ReplyForm = lazy(() => import('./reply-form.tsx'));

const reported = toastOutcome('Review reported');

/** A date as the page shows it, readable by machines too. */
const Time = ({ at }: { at: string }) => <time dateTime={at}>{formatDate(at)}</time>;

/**
 * One review on a profile: its stars and words, who wrote it after which deal, and the reviewed
 * person's answer under it. `viewerId`, the signed-in user, may answer a review of them that has
 * none yet, and report one they did not write.
 */
export function ReviewItem({
  review,
  subject,
  viewerId,
}: {
  review: Review;
  subject: { _id: string; name: string };
  viewerId: string | null;
}) {
  const { author } = review;
  const [replying, setReplying] = useState(false);
  const report = useReportReview();
  const canReply = viewerId === subject._id && review.reply === null;
  const canReport = viewerId !== null && viewerId !== author._id;
  return (
    <li className="border-base-300 grid gap-2 border-b pb-4 last:border-b-0">
      <Stars rating={review.rating} />
      <p className="break-words whitespace-pre-line">{review.text}</p>
      <p className="text-base-content/70 text-sm">
        {author.name} {review.authorSide === 'buyer' ? 'bought' : 'sold'} {review.productName}
        {' · '}
        <Time at={review.createdAt} />
      </p>
      {review.reply && (
        <div className="bg-base-200 rounded-box ml-4 grid gap-1 p-3">
          <p className="text-sm font-semibold">Reply from {subject.name}</p>
          <p className="break-words whitespace-pre-line">{review.reply.text}</p>
          <p className="text-base-content/70 text-sm">
            <Time at={review.reply.createdAt} />
          </p>
        </div>
      )}
      {replying && (
        <Suspense fallback={null}>
          <ReplyForm review={review} subjectId={subject._id} onDone={() => setReplying(false)} />
        </Suspense>
      )}
      {(canReply || canReport) && !replying && (
        <div className="flex flex-wrap gap-2">
          {canReply && (
            <button
              type="button"
              className="btn btn-sm btn-outline"
              aria-label={`Reply to ${author.name}`}
              onClick={() => setReplying(true)}
            >
              Reply
            </button>
          )}
          {canReport && (
            <button
              type="button"
              className="btn btn-ghost btn-sm"
              aria-label={report.isSuccess ? undefined : `Report the review by ${author.name}`}
              disabled={report.isPending || report.isSuccess}
              onClick={() => report.mutate(review._id, reported)}
            >
              <LuFlag aria-hidden="true" /> {report.isSuccess ? 'Reported' : 'Report'}
            </button>
          )}
        </div>
      )}
    </li>
  );
}
