import type { FastifyReply } from 'fastify';
import type { Pagination } from '@reloop/shared';

/**
 * One page of a list. The body stays a plain array, as the web app expects; the total goes
 * in the X-Total-Count header.
 */
export interface Page<T> {
  rows: T[];
  total: number;
}

export function sendPage<Row, Json>(
  reply: FastifyReply,
  page: Page<Row>,
  toJson: (row: Row) => Json,
): Json[] {
  reply.header('x-total-count', String(page.total));
  return page.rows.map(toJson);
}

export type { Pagination };
