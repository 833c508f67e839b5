import { Button } from '@cinema/ui';
import { type ActivePreview, leavePreview } from '../../lib/releases/preview';
import styles from './PreviewBanner.module.css';

export type PreviewBannerProps = { preview: ActivePreview; onLeave?: () => void };

const twoDigits = (n: number) => String(n).padStart(2, '0');

/** The local time a preview ends, as HH:MM (24-hour). */
export function untilTime(expiresAt: string): string {
  const at = new Date(expiresAt);
  return `${twoDigits(at.getHours())}:${twoDigits(at.getMinutes())}`;
}

/** What the banner says: which area, which build, until when. */
export function previewText(preview: ActivePreview): string {
  const build = preview.version ?? 'from a dev server';
  return `Preview: ${preview.remote} area ${build} (until ${untilTime(preview.expires_at)})`;
}

/** Says that this browser shows a preview, and lets the person leave it (a reload follows). */
export function PreviewBanner({
  preview,
  onLeave = () => window.location.reload(),
}: PreviewBannerProps) {
  return (
    <section className={styles.banner} aria-label="Preview">
      <p className={styles.text} role="status">
        {previewText(preview)}
      </p>
      <Button
        variant="secondary"
        size="small"
        onClick={() => {
          leavePreview();
          onLeave();
        }}
      >
        Leave preview
      </Button>
    </section>
  );
}
