import { Link } from 'react-router';
import type { Dispute } from '@reloop/shared';
import { formatDateTime } from '../../../lib/format.ts';
import { useSendMessage, useThread } from '../api/thread.ts';
import { whereTheMoneyGoes } from './complaint-decision.ts';
import { ComplaintBadge, ComplaintFacts } from './complaint-details.tsx';
import { MessageComposer } from './message-composer.tsx';
import { MessageList } from './message-list.tsx';
import { ResolveForm } from './resolve-form.tsx';

/**
 * One complaint, chosen from the list: what it is about, the booking's conversation (where the
 * admin writes to both sides while it is open), and the decision, to take or as it was taken.
 */
export function ComplaintPanel({ dispute }: { dispute: Dispute }) {
  const { bookingId, outcome, resolvedAt } = dispute;
  const thread = useThread(bookingId, outcome === null);
  const send = useSendMessage(bookingId);
  return (
    <section aria-labelledby="complaint-title" className="grid min-w-0 gap-4">
      <Link to="/dashboard/complaints" className="link lg:hidden">
        ← Back to complaints
      </Link>
      <header className="flex flex-wrap items-center gap-3">
        <h2 id="complaint-title" className="text-2xl font-bold break-words">
          {dispute.productName}
        </h2>
        <ComplaintBadge dispute={dispute} />
      </header>
      <ComplaintFacts dispute={dispute} />
      <section aria-labelledby="complaint-thread-title">
        <h3 id="complaint-thread-title" className="mb-2 text-lg font-semibold">
          Conversation
        </h3>
        <MessageList
          thread={thread}
          reader={undefined}
          names={{ buyer: dispute.buyerName, seller: dispute.sellerName }}
        />
        {outcome === null && <MessageComposer send={send.mutateAsync} />}
      </section>
      {outcome === null ? (
        <ResolveForm dispute={dispute} />
      ) : (
        <p role="status" className="alert">
          Resolved{resolvedAt && <> on {formatDateTime(resolvedAt)}</>}:{' '}
          {whereTheMoneyGoes(dispute.priceCents, { outcome, refundCents: dispute.refundCents })}.
        </p>
      )}
    </section>
  );
}
