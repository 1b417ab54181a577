/**
 * A site path as an absolute URL on PUBLIC_URL, the one origin absolute links may name; a URL
 * that is already absolute (an image on a bucket's host) is kept. Undefined for a path when
 * PUBLIC_URL is not set: the request's Host header is the client's to set, so a link built
 * from it would carry whatever a forged request said (and a cache between could keep it).
 */
export function absoluteUrl(url: string, publicUrl: string | undefined): string | undefined {
  if (!url.startsWith('/')) return url;
  return publicUrl === undefined ? undefined : `${publicUrl}${url}`;
}
