import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../testing/mock-api.ts';
import { api } from './api-client.ts';
import { pagedListQueryOptions } from './paged-list.ts';

const buyers = (page: number) => [{ _id: `buyer-${page}` }];

describe('paged lists', () => {
  it("asks for the first page with ?limit, then for the next with the link's query as it is", async () => {
    localStorage.setItem('jwttoken', 'admin-token');
    const next = '/api/buyers?cursor=b1&limit=24';
    const { calls } = mockApi({
      'GET /api/buyers?limit=24': { body: buyers(1), headers: { link: `<${next}>; rel="next"` } },
      [`GET ${next}`]: { body: buyers(2) },
    });
    const list = await new QueryClient().fetchInfiniteQuery({
      ...pagedListQueryOptions(['buyers'], (page) => api.GET('/api/buyers', page)),
      pages: 3,
    });
    expect(list.pages.map((page) => page.items)).toEqual([buyers(1), buyers(2)]);
    expect(calls.map((call) => call.path)).toEqual(['/api/buyers?limit=24', next]);
  });

  it('asks the same list on this origin whatever else a link names, so the token stays here', async () => {
    localStorage.setItem('jwttoken', 'admin-token');
    const { calls } = mockApi({
      'GET /api/buyers?limit=24': {
        body: buyers(1),
        headers: { link: '<https://elsewhere.example/steal?cursor=b1>; rel="next"' },
      },
      'GET /api/buyers?cursor=b1': { body: buyers(2) },
    });
    await new QueryClient().fetchInfiniteQuery({
      ...pagedListQueryOptions(['buyers'], (page) => api.GET('/api/buyers', page)),
      pages: 2,
    });
    const [, second] = calls;
    expect(second?.path).toBe('/api/buyers?cursor=b1');
    expect(second?.headers.get('authorization')).toBe('Bearer admin-token');
  });
});
