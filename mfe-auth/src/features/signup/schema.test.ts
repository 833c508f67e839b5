import { firstErrorPerField } from '@cinema/ui';
import { describe, expect, it } from 'vitest';
import { signupSchema } from './schema';

// The screen locks a verified email, so its two messages are checked on the schema itself.
describe('signupSchema', () => {
  const valid = { username: 'asha', email: 'asha@example.com', password: 'secret1', role: 'user' };

  function messages(values: Record<string, string>) {
    const result = signupSchema.safeParse(values);
    return result.success ? {} : firstErrorPerField(result.error);
  }

  it('accepts a complete account and trims name and email', () => {
    expect(
      signupSchema.parse({ ...valid, username: ' asha ', email: ' asha@example.com ' }),
    ).toEqual(valid);
  });

  it('requires an email that looks like x@y.z', () => {
    expect(messages({ ...valid, email: '' })).toEqual({ email: 'Email is required.' });
    expect(messages({ ...valid, email: 'asha@example' })).toEqual({
      email: 'Enter a valid email.',
    });
  });

  it('has a message for every other field', () => {
    expect(messages({ username: ' ', email: valid.email, password: '', role: 'admin' })).toEqual({
      username: 'Name is required.',
      password: 'Password is required.',
      role: 'Please select a role.',
    });
    expect(messages({ ...valid, password: '12345' })).toEqual({
      password: 'Password must be at least 6 characters.',
    });
  });
});
