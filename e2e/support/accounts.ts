import { expect, type Page } from '@playwright/test';
import { E2E_PORTS } from './ports';

let counter = 0;

/** A new person for one test: unique across runs, since CI may reuse a database server. */
export function newPerson(prefix: string) {
  const id = `${prefix}${Date.now().toString(36)}${(counter++).toString(36)}`;
  return { username: id, email: `${id}@example.test`, password: 'Popcorn#4821' };
}

/** The newest 6-digit code emailed to `email`, read from the fake Resend server. */
export async function latestCode(email: string): Promise<string> {
  let code: string | undefined;
  await expect(async () => {
    const response = await fetch(
      `http://127.0.0.1:${E2E_PORTS.resend}/emails?to=${encodeURIComponent(email)}`,
    );
    const emails = (await response.json()) as { text?: string; html?: string; subject: string }[];
    const last = emails.at(-1);
    code = (last?.text ?? last?.html ?? '').match(/\b\d{6}\b/)?.[0];
    expect(code, `a code emailed to ${email}`).toBeDefined();
  }).toPass({ timeout: 10_000 });
  return code as string;
}

/** Signs up through the three steps of /auth/signup, as a person would. */
export async function signUp(
  page: Page,
  person: { username: string; email: string; password: string },
  role: 'User' | 'Owner',
) {
  await page.goto('/auth/signup');
  await expect(page.getByRole('heading', { name: 'Create Your Account' })).toBeVisible();
  await page.getByLabel('Email').fill(person.email);
  await page.getByRole('button', { name: 'Send OTP' }).click();
  await page.getByLabel('OTP').fill(await latestCode(person.email));
  await page.getByRole('button', { name: 'Verify', exact: true }).click();
  await page.getByLabel('Name').fill(person.username);
  await page.getByLabel('Password', { exact: true }).fill(person.password);
  await page.getByLabel('Select Role').selectOption({ label: role });
  await page.getByRole('button', { name: 'Signup' }).click();
  await expect(page.getByText('Signup successful! Login now.')).toBeVisible();
  await expect(page).toHaveURL('/auth/login');
}

/** Logs in on /auth/login and waits for the success toast. */
export async function logIn(page: Page, emailOrUsername: string, password: string) {
  await page.goto('/auth/login');
  await page.getByLabel('Email').fill(emailOrUsername);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page.getByText('Logged in successfully')).toBeVisible();
}

const api = (path: string) => `http://127.0.0.1:${E2E_PORTS.api}/api/${path}`;

async function postJson(path: string, body: unknown): Promise<Record<string, unknown>> {
  const response = await fetch(api(path), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  const json = (await response.json().catch(() => ({}))) as Record<string, unknown>;
  if (!response.ok)
    throw new Error(`POST ${path} answered ${response.status}: ${JSON.stringify(json)}`);
  return json;
}

/** Creates an account through the API (email code, verify, signup): quicker than the screens. */
export async function createAccount(role: 'user' | 'owner', prefix: string = role) {
  const person = newPerson(prefix);
  await postJson('email/request/', { email: person.email });
  // signup/ takes the address only from the client that verified it, with the token it was given.
  const { signup_token } = await postJson('email/verify/', {
    email: person.email,
    code: await latestCode(person.email),
  });
  await postJson('signup/', { ...person, role, signup_token });
  return person;
}
