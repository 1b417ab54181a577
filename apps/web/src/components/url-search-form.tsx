import type { FormEvent } from 'react';
import { useSearchParams } from 'react-router';

/** Each choice of a search form by its name in the URL: its label, "any", and its values' labels. */
export type SearchChoices = Record<
  string,
  { label: string; any: string; options: Record<string, string> }
>;

/** A search the URL holds: words (`q`) and a known value of each choice. */
export type UrlSearch<Choices extends SearchChoices> = { q?: string | undefined } & {
  [Name in keyof Choices]?: (keyof Choices[Name]['options'] & string) | undefined;
};

function searchFrom<Choices extends SearchChoices>(
  read: (name: string) => string | null,
  choices: Choices,
): UrlSearch<Choices> {
  const known = Object.fromEntries(
    Object.entries(choices).map(([name, { options }]) => {
      const value = read(name);
      return [name, value !== null && Object.hasOwn(options, value) ? value : undefined];
    }),
  );
  return { q: read('q')?.trim() || undefined, ...known } as UrlSearch<Choices>;
}

function paramsOf(search: Record<string, string | undefined>): URLSearchParams {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(search)) if (value) params.set(name, value);
  return params;
}

/** The search the URL holds (`?q=…&<choice>=…`); values the choices do not know are left out. */
export function useUrlSearch<Choices extends SearchChoices>(choices: Choices): UrlSearch<Choices> {
  const [searchParams] = useSearchParams();
  return searchFrom((name) => searchParams.get(name), choices);
}

/**
 * A search form kept in the URL, so a search can be shared and Back undoes it: a words field and a
 * select for each choice; sending it puts them in the URL, and a new URL (a search, Back) shows
 * its own search again.
 */
export function UrlSearchForm({
  label,
  wordsLabel,
  idPrefix,
  choices,
}: {
  /** The form's accessible name. */
  label: string;
  wordsLabel: string;
  idPrefix: string;
  choices: SearchChoices;
}) {
  const [searchParams, setSearchParams] = useSearchParams();
  const search: Record<string, string | undefined> = searchFrom(
    (name) => searchParams.get(name),
    choices,
  );
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setSearchParams(
      paramsOf(
        searchFrom((name) => {
          const value = form.get(name);
          return typeof value === 'string' ? value : null;
        }, choices),
      ),
    );
  };
  return (
    <form
      key={paramsOf(search).toString()}
      role="search"
      aria-label={label}
      className="mb-6 flex flex-wrap items-end gap-3"
      onSubmit={submit}
    >
      <div className="min-w-60 grow">
        <label htmlFor={`${idPrefix}-q`} className="mb-1 block text-sm">
          {wordsLabel}
        </label>
        <input
          id={`${idPrefix}-q`}
          name="q"
          type="search"
          maxLength={200}
          defaultValue={search.q ?? ''}
          className="input input-bordered w-full"
        />
      </div>
      {Object.entries(choices).map(([name, choice]) => (
        <div key={name}>
          <label htmlFor={`${idPrefix}-${name}`} className="mb-1 block text-sm">
            {choice.label}
          </label>
          <select
            id={`${idPrefix}-${name}`}
            name={name}
            defaultValue={search[name] ?? ''}
            className="select select-bordered"
          >
            <option value="">{choice.any}</option>
            {Object.entries(choice.options).map(([value, optionLabel]) => (
              <option key={value} value={value}>
                {optionLabel}
              </option>
            ))}
          </select>
        </div>
      ))}
      <button type="submit" className="btn btn-primary">
        Search
      </button>
    </form>
  );
}
