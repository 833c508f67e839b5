import { Page } from '@cinema/ui';
import type { ReactNode } from 'react';
import { DoorStaffList } from './DoorStaffList';
import { InviteDoorStaffForm } from './InviteDoorStaffForm';

/**
 * Who may scan tickets at the owner's doors (docs/decisions/0040-door-staff.md): invite by email,
 * see who is invited or active, remove. `children` come after the list: a page composing other
 * features' sections into this one (pages/door/DoorPage.tsx).
 */
export function DoorStaffPage({ children }: { children?: ReactNode }) {
  return (
    <Page
      title="Door staff"
      intro={
        <p>
          Door staff sign in on their own phones and can only check in tickets of your theaters: no
          lists, no sales, no customers' names.
        </p>
      }
    >
      <InviteDoorStaffForm />
      <DoorStaffList />
      {children}
    </Page>
  );
}
