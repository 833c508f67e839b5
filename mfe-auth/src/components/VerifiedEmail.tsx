import { FactList, FormError } from '@cinema/ui';

/**
 * An address whose code was verified, so no longer a field: an input shows only as much of a long
 * address as fits a phone's width, text shows all of it. The hidden field names the account for a
 * password manager saving the new password; the server's word on the address (taken meanwhile,
 * say) shows under it, as under a field.
 */
export function VerifiedEmail({ email, error }: { email: string; error: string | null }) {
  return (
    <>
      <FactList items={[{ label: 'Email', value: `${email} (Verified)` }]} />
      <input type="email" autoComplete="username" value={email} readOnly hidden />
      <FormError message={error} />
    </>
  );
}
