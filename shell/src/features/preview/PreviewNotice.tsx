import { type ComponentType, useEffect, useState } from 'react';
import { type ActivePreview, previewInForce } from '../../lib/releases/preview';
import type { PreviewBannerProps } from './PreviewBanner';

/**
 * The preview banner's place at the top of the shell. Its code loads only in a browser with a
 * preview in force: everyone else's page downloads none of it (scripts/web-budgets.mjs). Nothing
 * is drawn on the server or in the first render, so the prerendered landing page hydrates as is.
 */
export function PreviewNotice() {
  const [shown, setShown] = useState<{
    Banner: ComponentType<PreviewBannerProps>;
    preview: ActivePreview;
  } | null>(null);
  useEffect(() => {
    let live = true;
    void previewInForce().then((preview) => {
      if (!preview || !live) return;
      import('./PreviewBanner').then(
        ({ PreviewBanner }) => live && setShown({ Banner: PreviewBanner, preview }),
        (error: unknown) => console.warn('The preview banner could not be loaded', error),
      );
    });
    return () => {
      live = false;
    };
  }, []);
  if (!shown) return null;
  return <shown.Banner preview={shown.preview} />;
}
