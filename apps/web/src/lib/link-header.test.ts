import { describe, expect, it } from 'vitest';
import { nextPageUrl } from './link-header.ts';

describe('nextPageUrl', () => {
  it('is undefined without a Link header', () => {
    expect(nextPageUrl(null)).toBeUndefined();
    expect(nextPageUrl('')).toBeUndefined();
  });

  it("reads the API's next link, with rel quoted or bare", () => {
    const target = '/api/bookings?email=a%40b.c&limit=24&cursor=eyJpZCI6MX0';
    expect(nextPageUrl(`<${target}>; rel="next"`)).toBe(target);
    expect(nextPageUrl(`<${target}>;rel=next`)).toBe(target);
  });

  it('picks the next link among several, whatever their order', () => {
    expect(
      nextPageUrl('</api/buyers?cursor=a>; rel="prev", </api/buyers?cursor=c>; rel=next'),
    ).toBe('/api/buyers?cursor=c');
    expect(nextPageUrl('</api/buyers?cursor=c>; rel="next", </api/buyers>; rel="first"')).toBe(
      '/api/buyers?cursor=c',
    );
  });

  it('accepts next among several relation types, in any case', () => {
    expect(nextPageUrl('</api/sellers?cursor=b>; REL="Next last"')).toBe('/api/sellers?cursor=b');
  });

  it('does not split on commas or semicolons inside the target or a quoted value', () => {
    expect(
      nextPageUrl('</api/a?tags=x,y;z>; title="say rel=next, </api/b>; rel=next"; rel="next"'),
    ).toBe('/api/a?tags=x,y;z');
  });

  it('is undefined when no link is the next one', () => {
    expect(nextPageUrl('</api/buyers>; rel="first", </api/buyers?cursor=z>; rel="nextish"')).toBe(
      undefined,
    );
    expect(nextPageUrl('</api/buyers?cursor=z>; title="next"')).toBeUndefined();
  });

  it('heeds only the first rel of a link', () => {
    expect(nextPageUrl('</api/buyers?cursor=z>; rel="prev"; rel="next"')).toBeUndefined();
  });
});
