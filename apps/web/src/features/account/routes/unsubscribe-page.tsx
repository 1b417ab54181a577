import { Link, useSearchParams } from 'react-router';
import { errorMessage } from '../../../lib/api-client.ts';
import { usePageTitle } from '../../../lib/page-title.ts';
import { useUnsubscribe } from '../api/unsubscribe.ts';
import { noticeKinds } from '../components/notice-kinds.ts';
import { FormProblem } from '../../../components/form-field.tsx';

const settingsLink = (
  <Link to="/dashboard/settings" className="link link-primary">
    Settings
  </Link>
);

/**
 * /unsubscribe?token=… — where a notice email's "unsubscribe" link lands. Opening it changes
 * nothing (mail scanners open every link); the button does, with no sign-in needed.
 */
export function Component() {
  usePageTitle('Unsubscribe');
  const token = useSearchParams()[0].get('token') ?? '';
  const unsubscribe = useUnsubscribe();

  let body;
  if (!token) {
    body = (
      <p role="alert">
        This page needs the unsubscribe link from one of our emails, and this address has none. You
        can also choose which emails you get in {settingsLink}.
      </p>
    );
  } else if (unsubscribe.isSuccess) {
    body = (
      <div role="status" className="grid gap-2">
        <p className="font-semibold">
          Done: you will no longer get emails about {noticeKinds[unsubscribe.data.preference].topic}
          .
        </p>
        <p>
          Emails about your account&apos;s security still come. To turn it back on, or off others,
          sign in and open {settingsLink}.
        </p>
      </div>
    );
  } else {
    body = (
      <>
        <p>
          Stop getting emails like the one that brought you here? One click turns that kind of email
          off; emails about your account&apos;s security still come. You can change your mind in{' '}
          {settingsLink}.
        </p>
        <button
          type="button"
          className="btn btn-primary"
          disabled={unsubscribe.isPending}
          onClick={() => unsubscribe.mutate(token)}
        >
          {unsubscribe.isPending && <span className="loading loading-spinner" aria-hidden="true" />}
          Unsubscribe
        </button>
        <FormProblem>{unsubscribe.isError && errorMessage(unsubscribe.error)}</FormProblem>
      </>
    );
  }

  return (
    <div className="mx-auto max-w-xl px-4 py-12">
      <div className="card bg-base-200">
        <div className="card-body gap-4">
          <h1 className="text-3xl font-bold">Unsubscribe</h1>
          {body}
        </div>
      </div>
    </div>
  );
}
