import { ApiError } from '@cinema/api-client';
import { Button, Form, FormError, TextField, useSchemaForm } from '@cinema/ui';
import type { FormEvent } from 'react';
import { toast } from 'react-toastify';
import { useInviteDoorStaff } from './api/inviteDoorStaff';
import { INVITE_FORM_VALUES, inviteSchema } from './schema';

/** An address to invite: the server emails it the signup link (docs/decisions/0040-door-staff.md). */
export function InviteDoorStaffForm() {
  const form = useSchemaForm(INVITE_FORM_VALUES);
  const invite = useInviteDoorStaff();

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const input = form.validate(inviteSchema);
    if (!input) return;
    invite.mutate(input.email, {
      onSuccess: (member) => {
        toast.success(`Invitation sent to ${member.email}.`);
        form.reset();
      },
      onError: (error) => {
        // A conflict (an account or an invitation already) is about the address: said under it.
        if (error instanceof ApiError && error.status === 409) {
          form.showFieldErrors({ email: error.message });
        } else {
          form.showServerError(error);
        }
        toast.error('Failed to send the invitation. Try again.');
      },
    });
  }

  return (
    <Form panel onSubmit={handleSubmit} aria-label="Invite door staff">
      <TextField
        {...form.field('email')}
        label="Email"
        type="email"
        autoComplete="off"
        hint="They sign up with this address and can then only scan tickets of your theaters."
      />
      <FormError message={form.formError} />
      <Button type="submit" busy={invite.isPending} busyLabel="Sending...">
        Send invitation
      </Button>
    </Form>
  );
}
