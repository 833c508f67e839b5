import { Page, Skeleton } from '@cinema/ui';
import { lazy, Suspense } from 'react';

// The door (IndexedDB, pass verification, the sync) loads with this screen only: the owner's
// other pages do not carry it (docs/decisions/0043-offline-first-door-scanner.md).
const DoorScreen = lazy(() =>
  import('./DoorScreen').then((module) => ({ default: module.DoorScreen })),
);

/**
 * `/owner/checkin`: the door. Pick one of today's shows, then scan tickets with the camera or
 * type their codes; each answer is shown at once, green 'Admitted: seat C7 · demo_customer' or
 * red with the reason, with the running count admitted / sold; offline the device decides alone
 * and syncs later.
 */
export function CheckInPage() {
  return (
    <Page title="Check-in" intro={<p>Admit ticket holders at the door of today’s shows.</p>}>
      <Suspense fallback={<Skeleton lines={4} label="Loading today's shows..." />}>
        <DoorScreen />
      </Suspense>
    </Page>
  );
}
