// Going to a screen: the URL's hash names it (router.js draws it when the hash changes).

/** The consent page (/oauth/authorize) is its own screen, shown only at that address. */
export const isConsentPage = () => location.pathname === '/oauth/authorize';

export function go(screen, arg) {
  const hash = `#${screen}${arg ? `/${encodeURIComponent(arg)}` : ''}`;
  if (location.hash !== hash) location.hash = hash;
  // The same hash again: draw the screen again, as a change of hash would.
  else window.dispatchEvent(new HashChangeEvent('hashchange'));
}

/** Where a player goes after signing in: back to an app's request on the consent page, else play. */
export function goHome() {
  go(isConsentPage() ? 'consent' : 'play');
}
