import { ApiError } from '@cinema/api-client';
import {
  Button,
  FieldRow,
  Form,
  FormActions,
  FormError,
  SelectField,
  TextField,
  useSchemaForm,
  VisuallyHidden,
} from '@cinema/ui';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { type CreatedDeployKey, useCreateDeployKey } from './api/createDeployKey';
import { DEPLOY_KEY_ACTIONS, type DeployKeyAction, type NewDeployKey } from './api/getDeployKeys';
import { REMOTES, type Remote } from './api/getReleases';
import styles from './DeployKeys.module.css';
import { remoteLabel } from './releaseText';

const REMOTE_OPTIONS = REMOTES.map((remote) => ({ value: remote, label: remoteLabel(remote) }));

const ACTION_HINTS: Record<DeployKeyAction, string> = {
  publish: 'publish a version',
  preview: 'make preview links',
  canary: 'set a canary',
  rollout: 'start, pause, resume or abort a rollout',
  promote: 'make the canary stable',
  rollback: 'roll back',
};

// The actions travel as one comma-separated value, so the form's one state holds every field
// and the server's message for `actions` lands under the checkboxes like any other.
const EMPTY = { name: '', remote: '', actions: '', expires_in_days: '90' };

/**
 * The server's field messages by this form's names: an action the server refuses is reported
 * at its place in the list ('actions.1'), which is the checkboxes here.
 */
function formFields(error: unknown): Record<string, string> {
  if (!(error instanceof ApiError)) return {};
  const fields: Record<string, string> = {};
  for (const [path, message] of Object.entries(error.fields)) {
    const name = path.split('.')[0] ?? path;
    if (name in EMPTY) fields[name] ??= message;
  }
  return fields;
}

/** The new key, once: copy it now. Focus lands on its heading; the live region says it too. */
function CreatedKey({ created, onDone }: { created: CreatedDeployKey; onDone: () => void }) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  const keyId = useId();
  const [copied, setCopied] = useState<string | null>(null);
  useEffect(() => headingRef.current?.focus(), []);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(created.key);
      setCopied('Copied to the clipboard.');
    } catch {
      // No clipboard here (an insecure page, a refusal): the key is selected to copy by hand.
      const field = document.getElementById(keyId);
      if (field instanceof HTMLInputElement) field.select();
      setCopied('Copying failed: the key is selected, copy it with Ctrl+C.');
    }
  };

  return (
    <div className={styles.created}>
      <h3 ref={headingRef} tabIndex={-1} className={styles.subheading}>
        {`Deploy key ${created.name} created`}
      </h3>
      <p className={styles.warning}>
        <strong>Copy it now: it will not be shown again.</strong> Store it in the pipeline's secrets
        as <code>RELEASE_KEY</code>. Only its hash is kept, so a lost key cannot be read back:
        revoke it and create another.
      </p>
      <div className={styles.keyRow}>
        <TextField
          id={keyId}
          label={`The key for ${remoteLabel(created.remote)}`}
          value={created.key}
          readOnly
          spellCheck={false}
          autoComplete="off"
          className={styles.keyField}
          onFocus={(event) => event.target.select()}
        />
        <Button variant="secondary" onClick={() => void copy()}>
          Copy key
        </Button>
      </div>
      <p aria-live="polite" className={styles.muted}>
        {copied}
      </p>
      <FormActions>
        <Button onClick={onDone}>I have stored the key</Button>
      </FormActions>
    </div>
  );
}

/** A new deploy key: name, remote, allowed actions and days until it expires. */
export function DeployKeyForm() {
  const form = useSchemaForm(EMPTY);
  const create = useCreateDeployKey();
  const [created, setCreated] = useState<CreatedDeployKey | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const nameRef = useRef<HTMLInputElement>(null);
  const actionsErrorId = useId();
  const chosen = form.values.actions.split(',').filter(Boolean);

  const toggle = (action: DeployKeyAction, on: boolean) => {
    const next = DEPLOY_KEY_ACTIONS.filter((a) => (a === action ? on : chosen.includes(a)));
    form.setValue('actions', next.join(','));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    form.setFormError(null);
    setAnnouncement('');
    const days = form.values.expires_in_days.trim();
    // The server checks every field and says what is wrong; this only shapes what it gets.
    const input = {
      name: form.values.name.trim(),
      remote: form.values.remote as Remote,
      actions: chosen as DeployKeyAction[],
      // Not a whole number: sent as null (JSON has no NaN), which the server refuses in words.
      expires_in_days: /^\d+$/.test(days) ? Number(days) : Number.NaN,
    } satisfies NewDeployKey;
    create.mutate(input, {
      onSuccess: (key) => {
        form.reset();
        setCreated(key);
        setAnnouncement('Copy the key now: it will not be shown again.');
      },
      onError: (error) => {
        const fields = formFields(error);
        if (Object.keys(fields).length > 0) {
          form.showFieldErrors(fields);
        } else {
          // A taken name, a refusal: the server's own sentence above the button.
          form.setFormError(
            error instanceof ApiError && !error.isGenericMessage
              ? error.message
              : 'The key could not be created. Please try again.',
          );
        }
      },
    });
  };

  const done = () => {
    setCreated(null);
    // The mutation keeps its last answer: dropped, so the secret is held nowhere on the page.
    create.reset();
    setAnnouncement('');
    // The secret is gone from the page; the next key starts at its name.
    requestAnimationFrame(() => nameRef.current?.focus());
  };

  return (
    <div className={styles.formArea}>
      <p aria-live="polite" className={styles.live}>
        <VisuallyHidden>{announcement}</VisuallyHidden>
      </p>
      {created ? (
        <CreatedKey created={created} onDone={done} />
      ) : (
        <Form aria-labelledby="new-deploy-key-heading" onSubmit={submit}>
          <h3 id="new-deploy-key-heading" className={styles.subheading}>
            New deploy key
          </h3>
          <FieldRow>
            <TextField
              {...form.field('name')}
              ref={nameRef}
              label="Name"
              hint="Up to 60 characters: a-z, 0-9, dot, dash or underscore, e.g. owner-ci."
              autoComplete="off"
              spellCheck={false}
            />
            <SelectField
              {...form.field('remote')}
              label="Remote"
              placeholder="Choose a remote"
              options={REMOTE_OPTIONS}
            />
          </FieldRow>
          <fieldset
            className={styles.actions}
            aria-describedby={form.errors.actions ? actionsErrorId : undefined}
          >
            <legend className={styles.legend}>Allowed actions</legend>
            {DEPLOY_KEY_ACTIONS.map((action) => (
              <label key={action} className={styles.check}>
                <input
                  type="checkbox"
                  name="actions"
                  value={action}
                  checked={chosen.includes(action)}
                  aria-invalid={form.errors.actions ? true : undefined}
                  onChange={(event) => toggle(action, event.target.checked)}
                />
                <span>
                  <span className={styles.actionName}>{action}</span>
                  {`: ${ACTION_HINTS[action]}`}
                </span>
              </label>
            ))}
            {form.errors.actions && (
              <p id={actionsErrorId} className={styles.error}>
                <span aria-hidden="true">⚠ </span>
                {form.errors.actions}
              </p>
            )}
          </fieldset>
          <TextField
            {...form.field('expires_in_days')}
            label="Expires in (days)"
            type="number"
            inputMode="numeric"
            min={1}
            max={365}
            step={1}
            hint="From 1 to 365 days."
            className={styles.days}
          />
          <FormError message={form.formError} />
          <FormActions>
            <Button type="submit" busy={create.isPending} busyLabel="Creating...">
              Create deploy key
            </Button>
          </FormActions>
        </Form>
      )}
    </div>
  );
}
