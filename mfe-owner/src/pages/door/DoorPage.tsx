import { DoorStaffPage } from '../../features/door-staff/DoorStaffPage';
import { SigningKeys } from '../../features/signing-keys/SigningKeys';

/**
 * `/owner/door-staff`: what the owner sets up for the door, who may scan
 * (docs/decisions/0040-door-staff.md) and the keys the tickets' QR codes are signed with
 * (docs/decisions/0041-signed-ticket-passes.md). Features do not import each other: this page
 * puts them together.
 */
export function DoorPage() {
  return (
    <DoorStaffPage>
      <SigningKeys />
    </DoorStaffPage>
  );
}
