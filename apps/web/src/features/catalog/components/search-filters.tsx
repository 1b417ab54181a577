import { useState, type ChangeEvent } from 'react';
import { conditionGrades } from '@reloop/shared/conditions';
import { describedBy, Field, FormField } from '../../../components/form-field.tsx';
import { useCategories } from '../../../lib/categories.ts';
import { formatStorage } from '../../../lib/format.ts';
import { filterCount, type SearchField, type SearchTerms } from '../api/search-products.ts';

interface Choice {
  value: string;
  label: string;
}

/** Minimums, from "Any" up: a laptop with more than asked for still matches. */
const atLeast = (amounts: number[], format: (amount: number) => string): Choice[] => [
  { value: '', label: 'Any' },
  ...amounts.map((amount) => ({ value: String(amount), label: `${format(amount)} or more` })),
];
const ramChoices = atLeast([8, 16, 32], (gigabytes) => `${gigabytes} GB`);
const storageChoices = atLeast([256, 512, 1024], formatStorage);
const sellerRatingChoices: Choice[] = [
  { value: '', label: 'Any' },
  { value: '4', label: '4 stars and up' },
  { value: '3', label: '3 stars and up' },
];
// Text rather than numbers: what the API cannot read comes back as a message under the field.
const priceBounds: [SearchField, string][] = [
  ['minPrice', 'Min price ($)'],
  ['maxPrice', 'Max price ($)'],
];
const conditionChoices = [
  { value: '', label: 'Any condition', meaning: undefined },
  ...Object.entries(conditionGrades).map(([value, grade]) => ({ value, ...grade })),
];

/** A labelled select with its validation message. */
export function SelectField({
  id,
  label,
  value = '',
  error,
  choices,
  onChange,
  className,
}: {
  id: string;
  label: string;
  value: string | undefined;
  error?: string | undefined;
  choices: Choice[];
  onChange: (value: string) => void;
  className?: string;
}) {
  return (
    <Field id={id} label={label} error={error} className={className}>
      <select
        className="select select-bordered w-full"
        {...describedBy(id, error)}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      >
        {choices.map((choice) => (
          <option key={choice.value} value={choice.value}>
            {choice.label}
          </option>
        ))}
      </select>
    </Field>
  );
}

/**
 * The search form: words, then the filters, which a phone folds away behind a "Filters" button
 * (unfolded while one of them has a message). Text is searched when submitted; a choice (a
 * select, a grade, the checkbox) searches at once. `draft` is what the form shows, `errors` the
 * API's message for each term.
 */
export function SearchFilters({
  draft,
  errors,
  onEdit,
  onSearch,
}: {
  draft: SearchTerms;
  errors: SearchTerms;
  onEdit: (draft: SearchTerms) => void;
  onSearch: (terms: SearchTerms) => void;
}) {
  const categories = useCategories();
  const [unfolded, setUnfolded] = useState(false);
  const filtersShown = unfolded || filterCount(errors) > 0;
  const filtersSet = filterCount(draft);

  const search = (field: SearchField, value: string) => onSearch({ ...draft, [field]: value });
  const described = (field: SearchField) => ({ id: `search-${field}`, error: errors[field] });
  /** A text field: what is typed waits for the form to be sent. */
  const typed = (field: SearchField) => ({
    name: field,
    value: draft[field] ?? '',
    onChange: (event: ChangeEvent<HTMLInputElement>) =>
      onEdit({ ...draft, [field]: event.target.value }),
  });
  /** A select: a choice searches at once. */
  const chosen = (field: SearchField) => ({
    ...described(field),
    value: draft[field],
    onChange: (value: string) => search(field, value),
  });

  return (
    <form
      role="search"
      aria-label="Search and filters"
      className="grid content-start gap-3"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        onSearch(draft);
      }}
    >
      <Field id="search-q" label="Words" error={errors.q}>
        <div className="join w-full">
          <input
            type="search"
            className="input input-bordered join-item w-full"
            placeholder="e.g. ThinkPad i7"
            maxLength={200}
            {...describedBy('search-q', errors.q)}
            {...typed('q')}
          />
          <button type="submit" className="btn btn-primary join-item">
            Search
          </button>
        </div>
      </Field>
      <button
        type="button"
        className="btn btn-outline lg:hidden"
        aria-expanded={filtersShown}
        aria-controls="search-filters"
        onClick={() => setUnfolded(!filtersShown)}
      >
        Filters
        {filtersSet > 0 && (
          <span className="badge badge-primary badge-sm">
            {filtersSet} <span className="sr-only">set</span>
          </span>
        )}
      </button>
      <div id="search-filters" className={`grid gap-1 ${filtersShown ? '' : 'max-lg:hidden'}`}>
        <SelectField
          {...chosen('categoryId')}
          label="Category"
          choices={[
            { value: '', label: 'Any category' },
            ...(categories.data ?? []).map(({ _id, category }) => ({
              value: _id,
              label: category,
            })),
          ]}
        />
        <div className="grid grid-cols-2 gap-3">
          {priceBounds.map(([bound, label]) => (
            <FormField
              key={bound}
              {...described(bound)}
              {...typed(bound)}
              label={label}
              inputMode="decimal"
            />
          ))}
        </div>
        <div className="grid grid-cols-2 gap-3">
          <SelectField {...chosen('minRamGb')} label="Minimum RAM" choices={ramChoices} />
          <SelectField
            {...chosen('minStorageGb')}
            label="Minimum storage"
            choices={storageChoices}
          />
        </div>
        <fieldset className="mb-3">
          <legend className="mb-1 text-sm">Condition</legend>
          {conditionChoices.map(({ value, label, meaning }) => (
            <div key={value} className="py-1">
              <label className="flex cursor-pointer items-center gap-2 text-sm">
                <input
                  type="radio"
                  className="radio radio-sm"
                  name="condition"
                  value={value}
                  checked={(draft.condition ?? '') === value}
                  onChange={() => search('condition', value)}
                  aria-describedby={meaning && `search-condition-${value}`}
                />
                {label}
              </label>
              {meaning && (
                <p id={`search-condition-${value}`} className="text-base-content/70 ml-7 text-xs">
                  {meaning}
                </p>
              )}
            </div>
          ))}
        </fieldset>
        <label className="mb-3 flex cursor-pointer items-center gap-2 text-sm">
          <input
            type="checkbox"
            className="checkbox checkbox-sm"
            name="verified"
            checked={draft.verified === 'true'}
            onChange={(event) => search('verified', event.target.checked ? 'true' : '')}
          />
          Verified sellers only
        </label>
        <SelectField {...chosen('minRating')} label="Seller rating" choices={sellerRatingChoices} />
        <FormField
          {...described('location')}
          {...typed('location')}
          label="Location"
          placeholder="City or area"
          maxLength={120}
        />
        <button type="submit" className="btn btn-primary btn-outline">
          Apply filters
        </button>
      </div>
    </form>
  );
}
