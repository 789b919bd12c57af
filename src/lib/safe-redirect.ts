import { paths } from '~/config/paths';
import { englishPath } from '#contracts/language';

// The path remembered when a signed-out visitor hits a protected page. Anything that is not a
// plain same-site path ("//evil.example", "/\\evil", "https://...", "javascript:") falls back
// to the home page, so no URL or history state can send a user off the site.
export function safeRedirect(candidate: unknown, fallback: string = paths.home): string {
  if (typeof candidate !== 'string' || candidate.length === 0 || candidate.length > 2048) return fallback;
  if (!candidate.startsWith('/') || candidate.startsWith('//') || candidate.startsWith('/\\'))
    return fallback;
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
  if (/[\u0000-\u001f\\]/.test(candidate)) return fallback;
  try {
    const base = 'https://wayfarer.invalid';
    const url = new URL(candidate, base);
    if (url.origin !== base) return fallback;
    const path = `${url.pathname}${url.search}${url.hash}`;
    // The URL parser resolves dot segments ("/.//evil.example", "/%2e//evil.example"), which can
    // leave a "//" in front: the checks above are taken again on what would be navigated to.
    if (path.startsWith('//') || path.startsWith('/\\')) return fallback;
    return englishPath(url.pathname) === paths.account ? fallback : path;
  } catch {
    return fallback;
  }
}
