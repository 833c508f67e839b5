import { Page } from '@cinema/ui';
import { AuditLog } from './AuditLog';

export function AuditPage() {
  return (
    <Page
      title="Audit log"
      intro={<p>Who changed what: owners’ and admins’ actions and every release action.</p>}
    >
      <AuditLog />
    </Page>
  );
}
