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

/**
 * Starts downloading a classic script the page will run soon (`<link rel="preload" as="script">`,
 * no CORS mode: Module Federation inserts remote entries as plain script tags, and a preload only
 * serves a request made in the same mode).
 */
export function preloadScript(url: string): void {
  if (document.head.querySelector(`link[rel="preload"][href="${CSS.escape(url)}"]`)) return;
  const link = document.createElement('link');
  link.rel = 'preload';
  link.as = 'script';
  link.href = url;
  document.head.append(link);
}
