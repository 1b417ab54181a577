import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { errorMessage } from '../lib/api-client.ts';
import { Spinner } from './spinner.tsx';

/** A spinner while `query` loads, the server's message if it failed, else `children`'s view of it. */
export function Loaded<Data>({
  query,
  label,
  children,
}: {
  query: UseQueryResult<Data>;
  label: string;
  children: (data: Data) => ReactNode;
}) {
  if (query.isPending) return <Spinner label={label} />;
  if (query.isError) {
    return (
      <p role="alert" className="text-error">
        {errorMessage(query.error)}
      </p>
    );
  }
  return children(query.data);
}
