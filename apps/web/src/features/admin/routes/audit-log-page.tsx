import { adminActionLabels } from '@reloop/shared/moderation-labels';
import { ListPage, PhoneCaption } from '../../../components/list-page.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { usePageTitle } from '../../../lib/page-title.ts';
import { useAuditLog } from '../api/audit.ts';

const TARGET_TYPES = { user: 'User', listing: 'Listing', booking: 'Booking', review: 'Review' };

/** "bookingsCancelled" as "Bookings cancelled". */
const changeName = (key: string): string => {
  const words = key
    .replace(/[_-]+/g, ' ')
    .replace(/([a-z\d])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

/** A recorded value as a person reads it: times in the reader's zone, nothing as "none". */
function changeValue(value: unknown): string {
  if (value === null || value === undefined) return 'none';
  if (typeof value === 'string') return ISO_TIME.test(value) ? formatDateTime(value) : value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) return value.length === 0 ? 'none' : value.map(changeValue).join(', ');
  return JSON.stringify(value);
}

/** What an action recorded as changed, one "Key: value" line each. */
function Changes({ changes }: { changes: Record<string, unknown> }) {
  const entries = Object.entries(changes);
  if (entries.length === 0) return <span className="text-base-content/70 text-sm">—</span>;
  return (
    <dl className="grid gap-0.5 text-sm">
      {entries.map(([key, value]) => (
        <div key={key} className="flex flex-wrap gap-x-1">
          <dt className="text-base-content/70">{changeName(key)}:</dt>
          <dd className="break-all">{changeValue(value)}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * /dashboard/audit (admin): every admin action, newest first — who did what to whom, why, and
 * what it changed. The log is only ever added to.
 */
export function Component() {
  usePageTitle('Audit Log');
  return (
    <ListPage
      title="Audit Log"
      list={useAuditLog()}
      loadingLabel="Loading the audit log"
      emptyText="No admin actions yet"
      headers={['When', 'Admin', 'Action', 'Target', 'Reason', 'Changes']}
      rowKey={(entry) => entry._id}
      renderRow={(entry) => (
        <>
          <td className="whitespace-nowrap">
            <time dateTime={entry.createdAt}>{formatDateTime(entry.createdAt)}</time>
          </td>
          <td>
            <PhoneCaption>Admin</PhoneCaption>
            {entry.admin.name}
          </td>
          <td className="font-medium max-sm:w-full">{adminActionLabels[entry.action]}</td>
          <td>
            <PhoneCaption>Target</PhoneCaption>
            <span className="badge badge-ghost me-1">{TARGET_TYPES[entry.target.type]}</span>
            <span className="break-words">{entry.target.label}</span>
          </td>
          <td className="max-sm:w-full">
            <PhoneCaption>Reason</PhoneCaption>
            {entry.reason ? (
              <p className="max-w-xs break-words whitespace-pre-line">{entry.reason}</p>
            ) : (
              <span className="text-base-content/70 text-sm">No reason given</span>
            )}
          </td>
          <td className="max-sm:w-full">
            <PhoneCaption>Changes</PhoneCaption>
            <Changes changes={entry.changes} />
          </td>
        </>
      )}
    />
  );
}
