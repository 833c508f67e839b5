import { Button, FieldRow, Form, FormActions, SelectField, TextField } from '@cinema/ui';
import { type FormEvent, useState } from 'react';
import type { AuditFilters } from './api/getAudit';
import { ACTION_LABELS } from './auditText';

const ACTIONS = Object.entries(ACTION_LABELS).map(([value, label]) => ({ value, label }));
const NO_FILTERS: AuditFilters = { actor: '', action: '', entity: '', from: '', to: '' };

/**
 * The filters, applied together when the form is sent (not per keystroke); Clear shows every
 * record again. The server checks them too and says what is wrong (the list shows its message).
 */
export function AuditFilterForm({
  filters,
  onApply,
}: {
  filters: AuditFilters;
  onApply: (filters: AuditFilters) => void;
}) {
  const [draft, setDraft] = useState(filters);
  const set = (name: keyof AuditFilters) => (event: { target: { value: string } }) =>
    setDraft((current) => ({ ...current, [name]: event.target.value }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onApply(draft);
  };
  return (
    <Form aria-label="Filter the audit log" onSubmit={submit}>
      <FieldRow>
        <TextField
          label="Who"
          value={draft.actor}
          onChange={set('actor')}
          placeholder="Username or system"
          autoComplete="off"
        />
        <SelectField
          label="Action"
          value={draft.action}
          onChange={set('action')}
          options={ACTIONS}
          placeholder="Any action"
        />
        <TextField
          label="Entity"
          value={draft.entity}
          onChange={set('entity')}
          placeholder="show or show:12"
          autoComplete="off"
        />
      </FieldRow>
      <FieldRow>
        <TextField
          label="From"
          type="date"
          min="1900-01-01"
          max="2100-12-31"
          value={draft.from}
          onChange={set('from')}
        />
        <TextField
          label="To"
          type="date"
          min="1900-01-01"
          max="2100-12-31"
          value={draft.to}
          onChange={set('to')}
        />
      </FieldRow>
      <FormActions>
        <Button type="submit">Apply filters</Button>
        <Button
          type="button"
          variant="secondary"
          onClick={() => {
            setDraft(NO_FILTERS);
            onApply(NO_FILTERS);
          }}
        >
          Clear
        </Button>
      </FormActions>
    </Form>
  );
}
