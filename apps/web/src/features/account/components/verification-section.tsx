import { useState, type FormEvent } from 'react';
import type { OwnVerification } from '@reloop/shared';
import { Field, describedBy } from '../../../components/form-field.tsx';
import { Loaded } from '../../../components/loaded.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { formatDate } from '../../../lib/format.ts';
import { SettingsSection } from './settings-section.tsx';
import { useOwnVerification, useRequestVerification } from '../api/verification.ts';

const NOTE_MAX = 1000;

/**
 * A seller's verification, in their Settings: whether they are verified, their request waiting
 * or declined, and the way to ask (again) with a note for the admins. A section of the settings
 * page rather than a page of its own, whose route every visitor's first bundle would carry. Its
 * state is asked only for a seller: the API refuses anyone else with a 403, which would end
 * their session.
 */
export function VerificationSection() {
  return (
    <SettingsSection id="verification" title="Verification">
      <p>
        Verified sellers show a badge on their listings and profile. An admin checks each request by
        hand.
      </p>
      <Loaded query={useOwnVerification()} label="Loading your verification">
        {(own) => <VerificationState own={own} />}
      </Loaded>
    </SettingsSection>
  );
}

function VerificationState({ own }: { own: OwnVerification }) {
  const { request } = own;
  if (own.verified) {
    return (
      <div role="status" className="alert alert-success">
        You are a verified seller.
      </div>
    );
  }
  if (request?.status === 'pending') {
    return (
      <div role="status" className="grid gap-2">
        <h3 className="text-lg font-bold">Waiting for an admin</h3>
        <p>
          You asked to be verified on{' '}
          <time dateTime={request.createdAt}>{formatDate(request.createdAt)}</time>.
        </p>
        {request.note && (
          <p className="text-base-content/70 break-words whitespace-pre-line">
            Your note: {request.note}
          </p>
        )}
      </div>
    );
  }
  return (
    <>
      {request?.status === 'declined' && (
        <div role="status" className="alert alert-warning">
          An admin declined your request
          {request.decidedAt ? ` on ${formatDate(request.decidedAt)}` : ''}. You can ask again.
        </div>
      )}
      <RequestForm />
    </>
  );
}

function RequestForm() {
  const [note, setNote] = useState('');
  const ask = useRequestVerification();
  const tooLong = note.trim().length > NOTE_MAX;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (tooLong) return;
    const trimmed = note.trim();
    ask.mutate(trimmed ? { note: trimmed } : {});
  };
  const error = tooLong ? `must be at most ${NOTE_MAX} characters` : undefined;
  return (
    <form onSubmit={submit} className="grid gap-4" aria-labelledby="ask-verification-title">
      <h3 id="ask-verification-title" className="text-lg font-bold">
        Ask to be verified
      </h3>
      <Field id="verification-note" label="Note for the admins (optional)" error={error}>
        <textarea
          {...describedBy('verification-note', error)}
          className="textarea textarea-bordered w-full"
          rows={4}
          maxLength={NOTE_MAX}
          placeholder="Your shop, your website, how long you have sold laptops"
          value={note}
          onChange={(event) => setNote(event.target.value)}
        />
      </Field>
      <p className="text-base-content/70 -mt-4 text-right text-xs">
        {note.length} / {NOTE_MAX}
      </p>
      {ask.isError && (
        <p role="alert" className="text-error text-sm">
          {errorMessage(ask.error)}
        </p>
      )}
      <div>
        <button type="submit" className="btn btn-primary" disabled={ask.isPending}>
          {ask.isPending && <span className="loading loading-spinner" aria-hidden="true" />}
          Ask to be verified
        </button>
      </div>
    </form>
  );
}
