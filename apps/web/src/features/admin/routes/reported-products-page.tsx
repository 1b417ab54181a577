import { Link } from 'react-router';
import type { ReportedProduct } from '@reloop/shared';
import { uiMessages } from '@reloop/shared/messages';
import { reportReasonLabels } from '@reloop/shared/moderation-labels';
import {
  ConfirmDialog,
  DeleteButton,
  useConfirmedAction,
} from '../../../components/confirm-dialog.tsx';
import { ListPage, PhoneCaption, ThumbnailCell } from '../../../components/list-page.tsx';
import { useProductRemoval } from '../../../components/product-removal.tsx';
import type { ApiSchema } from '../../../lib/api-client.ts';
import { formatDate, formatPrice } from '../../../lib/format.ts';
import { toastOutcome } from '../../../lib/mutation-toasts.ts';
import { useDismissReports, useReportedProducts } from '../api/reported-products.ts';
import { usePageTitle } from '../../../lib/page-title.ts';

const dismissed = toastOutcome('Reports dismissed');

const reportCount = (count: number) => `${count} report${count === 1 ? '' : 's'}`;

/** What confirming a dismissal does, with the number of reports it closes. */
const dismissalMessage = (count: number) =>
  `The listing stays for sale; its ${count === 1 ? '1 report is' : `${count} reports are`} closed.`;

/**
 * /dashboard/report (admin): reported listings with why and when they were reported, to delete,
 * or to dismiss (the listing stays, its reports close), once their bookings' conversations are
 * read.
 */
export function Component() {
  usePageTitle('Reported Products');
  const reported = useReportedProducts();
  const removal = useProductRemoval(
    'The listing disappears for everyone. Bookings of it stay readable.',
  );
  const dismiss = useDismissReports();
  const dismissal = useConfirmedAction<ReportedProduct>((product, done) =>
    dismiss.mutate(product._id, { ...dismissed, onSettled: done }),
  );
  const pending = dismissal.pending;

  return (
    <ListPage
      title="Reported Products"
      list={reported}
      loadingLabel="Loading reported products"
      emptyText={uiMessages.noReportedProducts}
      headers={[
        'Image',
        'Name',
        'Price',
        'Seller',
        'Reports',
        'Latest words',
        'Reported',
        'Actions',
      ]}
      rowKey={(product) => product._id}
      renderRow={(product) => (
        <>
          <ThumbnailCell src={product.imgUrl} alt={product.name} />
          <td>{product.name}</td>
          <td>{formatPrice(product.resalePrice)}</td>
          <td>{product.sellerName || uiMessages.displayNameFallback}</td>
          <ReportCells reports={product.reports ?? null} />
          <td>
            <div className="flex flex-wrap gap-2">
              <Link
                to={`/dashboard/report/${product._id}/threads`}
                className="btn btn-sm btn-outline"
                aria-label={`Conversations about ${product.name}`}
              >
                Conversations
              </Link>
              <button
                type="button"
                className="btn btn-sm btn-outline"
                onClick={() => dismissal.ask(product)}
              >
                Dismiss
              </button>
              <DeleteButton onClick={() => removal.ask(product)} />
            </div>
          </td>
        </>
      )}
    >
      {removal.dialog}
      <ConfirmDialog
        open={pending !== null}
        title={`Dismiss the reports of ${pending?.name ?? ''}?`}
        message={dismissalMessage(pending?.reports?.count ?? 0)}
        confirmLabel="Dismiss reports"
        busy={dismiss.isPending}
        onConfirm={dismissal.confirm}
        onCancel={dismissal.cancel}
      />
    </ListPage>
  );
}

/** How many reports, for which reasons, the latest words, and the first and last dates. */
function ReportCells({ reports }: { reports: ApiSchema<'ReportedProduct'>['reports'] | null }) {
  if (!reports) {
    return (
      <>
        <td>
          <PhoneCaption>Reports</PhoneCaption>
          Reported
        </td>
        <td />
        <td />
      </>
    );
  }
  const latest = reports.texts[0];
  return (
    <>
      <td>
        <PhoneCaption>Reports</PhoneCaption>
        <span className="font-semibold">{reportCount(reports.count)}</span>
        <ul className="text-sm" aria-label="Reasons">
          {reports.reasons.map(({ reason, count }) => (
            <li key={reason ?? 'none'}>
              {reason === null ? 'No reason given' : reportReasonLabels[reason]}: {count}
            </li>
          ))}
        </ul>
      </td>
      <td>
        <PhoneCaption>Latest words</PhoneCaption>
        {latest ? (
          <q className="block max-w-xs break-words whitespace-pre-line">{latest}</q>
        ) : (
          <span className="text-base-content/70">None</span>
        )}
      </td>
      <td>
        <PhoneCaption>Reported</PhoneCaption>
        <span className="block text-sm whitespace-nowrap">
          First{' '}
          <time dateTime={reports.firstReportedAt}>{formatDate(reports.firstReportedAt)}</time>
        </span>
        <span className="block text-sm whitespace-nowrap">
          Last <time dateTime={reports.lastReportedAt}>{formatDate(reports.lastReportedAt)}</time>
        </span>
      </td>
    </>
  );
}
