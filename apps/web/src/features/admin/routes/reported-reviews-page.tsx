import { Link } from 'react-router';
import type { ReportedReview } from '@reloop/shared';
import { ConfirmDialog, useConfirmedAction } from '../../../components/confirm-dialog.tsx';
import { ListPage, PhoneCaption } from '../../../components/list-page.tsx';
import { Stars } from '../../../components/reputation.tsx';
import { formatDate } from '../../../lib/format.ts';
import { toastOutcome } from '../../../lib/mutation-toasts.ts';
import { usePageTitle } from '../../../lib/page-title.ts';
import { profilePath } from '../../../lib/profiles.ts';
import { useHideReview, useReportedReviews } from '../api/reported-reviews.ts';

const hidden = toastOutcome('Review hidden');

/**
 * /dashboard/reported-reviews (admin): reviews someone reported, with who wrote them and whom
 * they are about, to hide (after confirming) or leave.
 */
export function Component() {
  usePageTitle('Reported Reviews');
  const reported = useReportedReviews();
  const hide = useHideReview();
  const hiding = useConfirmedAction<ReportedReview>((review, done) =>
    hide.mutate(review._id, { ...hidden, onSettled: done }),
  );
  const pending = hiding.pending;
  return (
    <ListPage
      title="Reported Reviews"
      list={reported}
      loadingLabel="Loading reported reviews"
      emptyText="No reported reviews"
      headers={['Rating', 'Review', 'Written by', 'About', 'Reported', 'Actions']}
      rowKey={(review) => review._id}
      renderRow={(review) => (
        <>
          <td>
            <Stars rating={review.rating} />
          </td>
          <td>
            <p className="max-w-md break-words whitespace-pre-line">{review.text}</p>
            <span className="text-base-content/70 text-sm">{review.productName}</span>
          </td>
          <td>
            <PhoneCaption>Written by</PhoneCaption>
            {review.author.name}
          </td>
          <td>
            <PhoneCaption>About</PhoneCaption>
            <Link to={profilePath(review.subject._id)} className="link">
              {review.subject.name}
            </Link>
          </td>
          <td>
            <PhoneCaption>Reported</PhoneCaption>
            <time dateTime={review.reportedAt}>{formatDate(review.reportedAt)}</time>
          </td>
          <td>
            <button
              type="button"
              className="btn btn-sm btn-error"
              aria-label={`Hide the review by ${review.author.name}`}
              onClick={() => hiding.ask(review)}
            >
              Hide
            </button>
          </td>
        </>
      )}
    >
      <ConfirmDialog
        open={pending !== null}
        title={`Hide the review by ${pending?.author.name ?? ''}?`}
        message="It leaves the profile of the person it is about, and no longer counts in their rating."
        confirmLabel="Hide review"
        busy={hide.isPending}
        onConfirm={hiding.confirm}
        onCancel={hiding.cancel}
      />
    </ListPage>
  );
}
