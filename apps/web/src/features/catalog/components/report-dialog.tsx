import { useRef, useState, type FormEvent } from 'react';
import type { ReportReason } from '@reloop/shared';
import { uiMessages } from '@reloop/shared/messages';
import { reportReasonLabels } from '@reloop/shared/moderation-labels';
import { describedBy, DialogFormEnd, Field } from '../../../components/form-field.tsx';
import { useModal } from '../../../components/use-modal.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { toastOutcome } from '../../../lib/mutation-toasts.ts';
import { useReportProduct } from '../api/report-product.ts';

const MAX_REPORT_TEXT = 1000;
const reported = toastOutcome(uiMessages.reportSucceeded);
const reasons = Object.entries(reportReasonLabels) as [ReportReason, string][];

/**
 * Reporting a listing (DESIGN §19): a reason, required, and a few words, optional. Once sent it
 * toasts the spec's text and closes; a refusal (already reported: 409, one's own listing: 403)
 * stays in the dialog with the server's message.
 */
export default function ReportDialog({
  product,
  onClose,
}: {
  product: { _id: string; name: string };
  onClose: () => void;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  useModal(dialog, true);
  const report = useReportProduct();
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [text, setText] = useState('');
  const [reasonError, setReasonError] = useState<string | undefined>();

  const send = (event: FormEvent) => {
    event.preventDefault();
    if (reason === null) {
      setReasonError('Choose a reason');
      return;
    }
    const words = text.trim();
    report.mutate(
      { productId: product._id, reason, ...(words ? { text: words } : {}) },
      {
        onSuccess: () => {
          reported.onSuccess();
          onClose();
        },
      },
    );
  };

  return (
    <dialog ref={dialog} className="modal" aria-labelledby="report-title" onClose={onClose}>
      <div className="modal-box">
        <h2 id="report-title" className="mb-4 text-xl font-bold">
          Report {product.name}
        </h2>
        <form className="grid gap-3" onSubmit={send} noValidate>
          <fieldset
            aria-describedby="report-reason-error"
            aria-invalid={reasonError ? true : undefined}
          >
            <legend className="mb-2 text-sm">Reason</legend>
            <div className="grid gap-2">
              {reasons.map(([value, label]) => (
                <label key={value} className="flex cursor-pointer items-center gap-2">
                  <input
                    type="radio"
                    className="radio radio-sm"
                    name="report-reason"
                    value={value}
                    checked={reason === value}
                    required
                    onChange={() => {
                      setReason(value);
                      setReasonError(undefined);
                    }}
                  />
                  {label}
                </label>
              ))}
            </div>
            <p id="report-reason-error" className="text-error min-h-5 text-sm">
              {reasonError}
            </p>
          </fieldset>
          <Field id="report-text" label="Details (optional)">
            <textarea
              className="textarea textarea-bordered w-full"
              rows={3}
              maxLength={MAX_REPORT_TEXT}
              value={text}
              onChange={(event) => setText(event.target.value)}
              {...describedBy('report-text', undefined)}
            />
          </Field>
          <DialogFormEnd
            problem={report.error && errorMessage(report.error)}
            busy={report.isPending}
            onCancel={onClose}
          >
            Send
          </DialogFormEnd>
        </form>
      </div>
      <form method="dialog" className="modal-backdrop">
        <button type="submit">close</button>
      </form>
    </dialog>
  );
}
