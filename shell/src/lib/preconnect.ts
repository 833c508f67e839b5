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
 * Starts downloading a classic script the page will run soon (`<link rel="preload" as="script">`).
 * A preload only serves a request made in the same mode: an entry without integrity is a plain
 * script tag (no CORS mode); one with it is loaded with `integrity` and `crossorigin="anonymous"`
 * (features/remotes/entryIntegrity.ts), so its preload says the same, or it was fetched twice.
 */
export function preloadScript(url: string, integrity: string | null = null): void {
  if (document.head.querySelector(`link[rel="preload"][href="${CSS.escape(url)}"]`)) return;
  const link = document.createElement('link');
  link.rel = 'preload';
  link.as = 'script';
  if (integrity) {
    link.setAttribute('crossorigin', 'anonymous');
    link.setAttribute('integrity', integrity);
  }
  link.href = url;
  document.head.append(link);
}
