import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { errorMessage } from '../lib/api-client.ts';
import { Spinner } from './spinner.tsx';

/**
 * A dashboard list screen: its title, then a spinner while loading, the error if loading
 * failed, the empty text when there is nothing, or the table. `children` (dialogs) follow.
 */
export function ListPage<Row>({
  title,
  query,
  loadingLabel,
  emptyText,
  headers,
  rowKey,
  renderRow,
  children,
}: {
  title: string;
  query: UseQueryResult<Row[]>;
  loadingLabel: string;
  emptyText: string;
  headers: ReactNode[];
  rowKey: (row: Row) => string;
  /** The row's <td> cells. */
  renderRow: (row: Row) => ReactNode;
  children?: ReactNode;
}) {
  let body: ReactNode;
  if (query.isPending) body = <Spinner label={loadingLabel} />;
  else if (query.isError) {
    body = (
      <p role="alert" className="text-error">
        {errorMessage(query.error)}
      </p>
    );
  } else if (query.data.length === 0) {
    body = <p className="text-base-content/70 text-lg">{emptyText}</p>;
  } else {
    body = (
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
            {query.data.map((row) => (
              <tr key={rowKey(row)}>{renderRow(row)}</tr>
            ))}
          </tbody>
        </table>
      </div>
    );
  }
  return (
    <section>
      <h1 className="mb-6 text-3xl font-bold">{title}</h1>
      {body}
      {children}
    </section>
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
