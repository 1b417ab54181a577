import type { ReactNode } from 'react';
import type { PagedList } from '../lib/paged-list.ts';
import { errorMessage } from '../lib/api-client.ts';
import { Spinner } from './spinner.tsx';

/**
 * A dashboard list screen: its title, then a spinner while loading, the error if loading
 * failed, the empty text when there is nothing, or the table with "Show more" while the list
 * has more rows. `children` (dialogs) follow.
 */
export function ListPage<Row>({
  title,
  list,
  loadingLabel,
  emptyText,
  headers,
  rowKey,
  renderRow,
  children,
}: {
  title: string;
  list: PagedList<Row>;
  loadingLabel: string;
  emptyText: string;
  headers: ReactNode[];
  rowKey: (row: Row) => string;
  /** The row's <td> cells. */
  renderRow: (row: Row) => ReactNode;
  children?: ReactNode;
}) {
  let body: ReactNode = null;
  if (list.isPending) body = <Spinner label={loadingLabel} />;
  else if (list.items?.length === 0) {
    body = <p className="text-base-content/70 text-lg">{emptyText}</p>;
  } else if (list.items) {
    body = (
      <>
        <div className="overflow-x-auto">
          <table className="table">
            <thead>
              <tr>
                {headers.map((header, index) => (
                  <th scope="col" key={index}>
                    {header}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {list.items.map((row) => (
                <tr key={rowKey(row)}>{renderRow(row)}</tr>
              ))}
            </tbody>
          </table>
        </div>
        <ShowMore list={list} />
      </>
    );
  }
  return (
    <section>
      <h1 className="mb-6 text-3xl font-bold">{title}</h1>
      {body}
      <ListError list={list} />
      {children}
    </section>
  );
}

/** Loading the list (or its next page) failed: the server's message. */
export function ListError({ list }: { list: PagedList<unknown> }) {
  if (!list.error || list.isPending) return null;
  return (
    <p role="alert" className="text-error mt-4">
      {errorMessage(list.error)}
    </p>
  );
}

/** Asks for the next page while the list has more than it shows. */
export function ShowMore({ list }: { list: PagedList<unknown> }) {
  if (!list.hasMore) return null;
  return (
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
