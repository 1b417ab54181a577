import type { ComponentType, ReactNode } from 'react';
import type { PagedList } from '../lib/paged-list.ts';
import { errorMessage } from '../lib/api-client.ts';
import { Spinner } from './spinner.tsx';

/**
 * A dashboard list screen: its title and `intro`, then the list's states (see PagedListView) with
 * the rows in a CardTable. `children` (dialogs) follow.
 */
export function ListPage<Row>({
  title,
  intro,
  list,
  loadingLabel,
  emptyText,
  headers,
  rowKey,
  renderRow,
  children,
}: {
  title: string;
  intro?: ReactNode;
  list: PagedList<Row>;
  loadingLabel: string;
  emptyText: string;
  headers: ReactNode[];
  rowKey: (row: Row) => string;
  /** The row's <td> cells. */
  renderRow: (row: Row) => ReactNode;
  children?: ReactNode;
}) {
  return (
    <section>
      <h1 className="mb-6 text-3xl font-bold">{title}</h1>
      {intro}
      <PagedListView
        list={list}
        loadingLabel={loadingLabel}
        emptyText={emptyText}
        render={(rows) => (
          <CardTable headers={headers} rows={rows} rowKey={rowKey} renderRow={renderRow} />
        )}
      />
      {children}
    </section>
  );
}

/**
 * Rows in a table, as cards on a phone: below `sm` each row is a card whose cells wrap, so its
 * actions stay on screen instead of past a sideways scroll; the column names remain for screen
 * readers.
 */
export function CardTable<Row>({
  headers,
  rows,
  rowKey,
  renderRow,
}: {
  headers: ReactNode[];
  rows: Row[];
  rowKey: (row: Row) => string;
  /** The row's <td> cells. */
  renderRow: (row: Row) => ReactNode;
}) {
  return (
    <div className="sm:overflow-x-auto">
      <table className="table max-sm:block">
        <thead className="max-sm:sr-only">
          <tr>
            {headers.map((header, index) => (
              <th scope="col" key={index}>
                {header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="max-sm:grid max-sm:gap-3">
          {rows.map((row) => (
            <tr
              key={rowKey(row)}
              className="max-sm:bg-base-200 max-sm:rounded-box max-sm:flex max-sm:flex-wrap max-sm:items-center max-sm:gap-x-4 max-sm:gap-y-2 max-sm:p-3 max-sm:[&>td]:border-0 max-sm:[&>td]:p-0"
            >
              {renderRow(row)}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * A paged list as a screen shows it: a spinner (or `placeholder`, e.g. one the size of the
 * items, so nothing below jumps) while the first page loads, the empty text when there is
 * nothing, else the items laid out by `render` with "Show more" while the list has more; and the
 * server's message when loading (the first page or a later one) failed.
 */
export function PagedListView<Item>({
  list,
  loadingLabel,
  placeholder: Placeholder = Spinner,
  emptyText,
  render,
}: {
  list: PagedList<Item>;
  loadingLabel: string;
  placeholder?: ComponentType<{ label: string }>;
  emptyText: string;
  render: (items: Item[]) => ReactNode;
}) {
  let body: ReactNode = null;
  if (list.isPending) body = <Placeholder label={loadingLabel} />;
  else if (list.items?.length === 0) {
    body = <p className="text-base-content/70 text-lg">{emptyText}</p>;
  } else if (list.items) {
    body = (
      <>
        {render(list.items)}
        {list.hasMore && (
          <div className="mt-6 flex justify-center">
            <button
              type="button"
              className="btn btn-outline"
              onClick={list.loadMore}
              disabled={list.loadingMore}
            >
              {list.loadingMore && <span className="loading loading-spinner" aria-hidden="true" />}
              Show more
            </button>
          </div>
        )}
      </>
    );
  }
  return (
    <>
      {body}
      {list.error && !list.isPending && (
        <p role="alert" className="text-error mt-4">
          {errorMessage(list.error)}
        </p>
      )}
    </>
  );
}

/** A table cell with a product photo. */
export function ThumbnailCell({ src, alt }: { src: string; alt: string }) {
  return (
    <td>
      <img src={src} alt={alt} className="h-12 w-16 rounded object-cover" />
    </td>
  );
}

/**
 * A cell's caption on a phone, where a CardTable's rows are cards and the column names are only
 * there for screen readers.
 */
export function PhoneCaption({ children }: { children: string }) {
  return (
    <span className="text-base-content/70 block text-xs sm:hidden" aria-hidden="true">
      {children}
    </span>
  );
}
