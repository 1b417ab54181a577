// Finds the URLs of a list's later pages the way a client does: by following `Link: <…>;
// rel="next"` from the first page. Benchmarking those URLs measures what a reader paging on
// actually costs (a keyset page deep in a list should cost what the first one does).

export interface PagePaths {
  /** The first page, as given. */
  first: string;
  /** The page the first page's Link points to. */
  next: string | undefined;
  /** The page reached after following Link `depth` times (fewer when the list ends first). */
  deep: { path: string; depth: number } | undefined;
}

export async function walkPages(
  baseUrl: string,
  first: string,
  headers: Record<string, string>,
  depth: number,
): Promise<PagePaths> {
  let path = first;
  let next: string | undefined;
  let deep: PagePaths['deep'];
  for (let page = 1; page <= depth; page++) {
    const response = await fetch(new URL(path, baseUrl), { headers });
    const body = await response.text();
    if (!response.ok) throw new Error(`GET ${path} → ${response.status}: ${body.slice(0, 300)}`);
    const following = nextLink(response.headers.get('link'), baseUrl);
    if (!following) break;
    path = following;
    if (page === 1) next = path;
    deep = { path, depth: page };
  }
  return { first, next, deep };
}

/** The rel="next" target of a Link header, as a path on the server being benchmarked. */
export function nextLink(header: string | null, baseUrl: string): string | undefined {
  for (const part of header?.split(',') ?? []) {
    const match = /<([^>]*)>\s*;.*\brel="?next"?/i.exec(part);
    if (match?.[1]) {
      const url = new URL(match[1], baseUrl);
      return `${url.pathname}${url.search}`;
    }
  }
  return undefined;
}
