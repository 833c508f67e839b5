/**
 * Opens the connections the page is about to need (`<link rel="preconnect">`), so that the first
 * request to another origin (the API, a remote's server) does not wait for DNS, TCP and TLS.
 * Absolute http(s) URLs only; each origin once.
 */
export function preconnect(urls: readonly string[]): void {
  const here = window.location.origin;
  const origins = new Set<string>();
  for (const url of urls) {
    if (!URL.canParse(url)) continue;
    const { origin, protocol } = new URL(url);
    if (origin !== here && (protocol === 'http:' || protocol === 'https:')) origins.add(origin);
  }
  for (const origin of origins) {
    if (document.head.querySelector(`link[rel="preconnect"][href="${origin}"]`)) continue;
    const link = document.createElement('link');
    link.rel = 'preconnect';
    link.href = origin;
    document.head.append(link);
  }
}
