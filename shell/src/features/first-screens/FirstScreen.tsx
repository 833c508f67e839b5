import { AuthCard, FIRST_SCREEN_TEXTS, Loading, Page, Skeleton } from '@cinema/ui';

/**
 * The pages whose first screen the shell's build writes into a page of their own
 * (`<path>.html`, prerender.tsx), so a phone draws it before the federation runtime and the
 * area's code have started: the two screens people arrive on straight from outside (a link in
 * an email or an ad, a reload), the login and the seat map. Decision 0055.
 */
export const FIRST_SCREEN_PATHS = ['/auth/login', '/user/seat-layout'] as const;

/**
 * What stands on a page until its area draws it: the page's title and intro and grey bars in the
 * shape of what comes (the area then draws the same words in the same place: FIRST_SCREEN_TEXTS),
 * or the spinner on pages without a first screen of their own. Its title does not take the focus:
 * the page's own does, once.
 */
export function FirstScreen({ pathname }: { pathname: string }) {
  if (pathname === '/auth/login') {
    const { title, intro } = FIRST_SCREEN_TEXTS.login;
    return (
      <AuthCard title={title} intro={intro} focusOnArrival={false}>
        <Skeleton lines={5} label="Loading..." />
      </AuthCard>
    );
  }
  if (pathname === '/user/seat-layout') {
    const { title, busy } = FIRST_SCREEN_TEXTS.seatMap;
    return (
      <Page title={title} focusOnArrival={false}>
        <Skeleton lines={10} label={busy} />
      </Page>
    );
  }
  return <Loading />;
}
