import { useState, type FormEvent } from 'react';
import { Link, useLocation } from 'react-router';
import { useAuth } from '../../../lib/auth.tsx';
import { toastOutcome } from '../../../lib/mutation-toasts.ts';
import { useSaveSearch } from '../api/saved-searches.ts';
import { searchRequestOf, type SearchTerms } from '../api/search-products.ts';

/**
 * "Save this search" (DESIGN §17), for anyone signed in: the search's terms under a name; new
 * and repriced listings that match are news in the bell, and in a daily email. A visitor signs in
 * first and comes back to the same search.
 */
export function SaveSearch({ terms }: { terms: SearchTerms }) {
  const { user, loading } = useAuth();
  const location = useLocation();
  const save = useSaveSearch();
  const [naming, setNaming] = useState(false);
  const [name, setName] = useState('');
  if (loading) return null;
  if (!user) {
    return (
      <Link to="/login" state={{ from: location }} className="btn btn-outline btn-sm mb-4">
        Log in to save this search
      </Link>
    );
  }
  if (!naming) {
    return (
      <button
        type="button"
        className="btn btn-outline btn-sm mb-4"
        onClick={() => {
          setName(terms.q ?? '');
          setNaming(true);
        }}
      >
        Save this search
      </button>
    );
  }
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const toasts = toastOutcome(
      'Search saved: new listings that match will be in your notifications',
    );
    const search = searchRequestOf(terms);
    save.mutate(
      { ...search, sort: search.sort ?? 'newest', name },
      {
        onError: toasts.onError,
        onSuccess: () => {
          toasts.onSuccess();
          setNaming(false);
        },
      },
    );
  };
  return (
    <form className="mb-4 flex flex-wrap items-end gap-2" onSubmit={submit}>
      <label className="form-control">
        <span className="label-text">Name this search</span>
        <input
          className="input input-bordered input-sm"
          value={name}
          onChange={(event) => setName(event.target.value)}
          required
          maxLength={80}
        />
      </label>
      <button type="submit" className="btn btn-primary btn-sm" disabled={save.isPending}>
        Save
      </button>
      <button type="button" className="btn btn-ghost btn-sm" onClick={() => setNaming(false)}>
        Cancel
      </button>
    </form>
  );
}
