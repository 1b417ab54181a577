/**
 * Reading an RFC 8288 `Link` header, which is how the API says where a list's next page is.
 * One header may carry several links separated by commas, and a parameter's value may be a
 * quoted string or a bare token; commas and semicolons inside `<…>` or quotes separate nothing.
 */
const LINK_VALUE = /<([^>]*)>((?:\s*;\s*[^\s;,=]+\s*(?:=\s*(?:"(?:[^"\\]|\\.)*"|[^\s;,"]*))?)*)/g;
const LINK_PARAM = /;\s*([^\s;,=]+)\s*(?:=\s*(?:"((?:[^"\\]|\\.)*)"|([^\s;,"]*)))?/g;

/** The target of the link with relation `next`, as written in the header; undefined if none. */
export function nextPageUrl(linkHeader: string | null): string | undefined {
  for (const [, target, params = ''] of (linkHeader ?? '').matchAll(LINK_VALUE)) {
    if (relationTypes(params).includes('next')) return target;
  }
  return undefined;
}

function relationTypes(params: string): string[] {
  for (const [, name = '', quoted, token] of params.matchAll(LINK_PARAM)) {
    // Only the first `rel` counts (RFC 8288 §3.3); it may list several types, in any case.
    if (name.toLowerCase() === 'rel') {
      const value = quoted?.replace(/\\(.)/g, '$1') ?? token ?? '';
      return value.toLowerCase().split(/\s+/);
    }
  }
  return [];
}
