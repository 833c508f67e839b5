import { request as httpRequest } from 'node:http';
import { expect, type Page } from '@playwright/test';
import { E2E_PORTS } from './ports';

let counter = 0;

/** An account a test signs in with; `role` is the API's. */
export interface Account {
  username?: string;
  email: string;
  password: string;
  role: 'user' | 'owner' | 'admin';
}

/** An account made for one test (`createAccount`), with its username. */
export type NewAccount = Account & { username: string };

/** Where the login screen sends each role. */
export const HOME: Record<Account['role'], string> = {
  user: '/user/theaters',
  owner: '/owner/theaters',
  admin: '/admin/adminpanel',
};

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

/**
 * After `logIn`: waits until the login screen has sent the page `home`, and with `toastGone`
 * until the sign-in toast has gone too, so it is not part of the screen a test looks at.
 */
export async function settleSignIn(page: Page, home: string, toastGone = false) {
  await expect(page).toHaveURL(home);
  if (toastGone)
    await page.locator('.Toastify__toast').first().waitFor({ state: 'detached', timeout: 10_000 });
}

/**
 * POSTs `body` to the API from `localAddress`, one of the loopback addresses 127.x.x.x. The API
 * counts emailed codes per address (20 in 15 minutes), as it would for one network; every test
 * of a run otherwise comes from 127.0.0.1 and the suite would run into that limit.
 */
function postJson(
  path: string,
  body: unknown,
  localAddress: string,
): Promise<Record<string, unknown>> {
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      `http://127.0.0.1:${E2E_PORTS.api}/api/${path}`,
      {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          'Content-Length': Buffer.byteLength(payload),
        },
        localAddress,
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let json: Record<string, unknown> = {};
          try {
            json = JSON.parse(text);
          } catch {
            // No JSON (a 204): nothing to read.
          }
          const status = response.statusCode ?? 0;
          if (status >= 200 && status < 300) resolve(json);
          else reject(new Error(`POST ${path} answered ${status}: ${text}`));
        });
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(payload);
  });
}

/** A loopback address of its own for one new account, as if each signed up from home. */
function ownAddress(): string {
  const part = (max: number) => 1 + Math.floor(Math.random() * max);
  // Outside 127.0.0.x, which the release tests use for their reporters.
  return `127.${part(254)}.${part(254)}.${part(254)}`;
}

/** Creates an account through the API (email code, verify, signup): quicker than the screens. */
export async function createAccount(
  role: 'user' | 'owner',
  prefix: string = role,
  // An address known beforehand (one an owner invited as door staff, e2e/support/door.ts).
  person: ReturnType<typeof newPerson> = newPerson(prefix),
): Promise<NewAccount> {
  const from = ownAddress();
  await postJson('email/request/', { email: person.email }, from);
  // signup/ takes the address only from the client that verified it, with the token it was given.
  const { signup_token } = await postJson(
    'email/verify/',
    { email: person.email, code: await latestCode(person.email) },
    from,
  );
  await postJson('signup/', { ...person, role, signup_token }, from);
  return { ...person, role };
}
