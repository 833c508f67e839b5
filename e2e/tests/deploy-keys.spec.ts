import { fetchApi } from '../support/api';
import { expect, test } from '../support/fixtures';
import { axeProblems, sidewaysOverflow, tabTo } from '../support/onsale';
import { E2E_ADMIN } from '../support/ports';

// An admin gives a team's pipeline a deploy key on the Releases page
// (docs/decisions/0035-deploy-keys.md): the key is shown once, works for its remote only, is
// refused once revoked, and the release history says who made and revoked it.

const PHONE = { width: 360, height: 740 };

/** The admin's username, as the audit trail names them. */
async function adminUsername(): Promise<string> {
  const login = await fetchApi('POST', 'login/', {
    email_or_username: E2E_ADMIN.email,
    password: E2E_ADMIN.password,
  });
  expect(login.status).toBe(200);
  const { access } = (await login.json()) as { access: string };
  const profile = await fetchApi('GET', 'profile/', undefined, access);
  expect(profile.status).toBe(200);
  return ((await profile.json()) as { username: string }).username;
}

test('an admin creates a deploy key, sees it once, revokes it, and the release history names them', {
  tag: ['@admin'],
}, async ({ pageAs }) => {
  test.setTimeout(90_000);
  const name = `owner-ci-${Date.now().toString(36)}`;
  const page = await pageAs('admin', {
    toastGone: true,
    setUp: (context) => context.grantPermissions(['clipboard-read', 'clipboard-write']),
  });
  await page.goto('/admin/releases');
  const keys = page.getByRole('region', { name: 'Deploy keys' });
  const form = keys.getByRole('form', { name: 'New deploy key' });
  await expect(form).toBeVisible();

  let secret = '';
  await test.step('the new key is made by keyboard alone, shown once, with its warning, and copies', async () => {
    await tabTo(page, form.getByLabel('Name'), 120);
    await page.keyboard.type(name);
    const remote = form.getByLabel('Remote');
    await tabTo(page, remote);
    for (let i = 0; i < 6 && (await remote.inputValue()) !== 'owner'; i++) {
      await page.keyboard.press('ArrowDown');
    }
    await expect(remote).toHaveValue('owner');
    for (const action of [/^publish/, /^canary/]) {
      await tabTo(page, form.getByRole('checkbox', { name: action }));
      await page.keyboard.press('Space');
    }
    await tabTo(page, form.getByLabel('Expires in (days)'));
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type('30');
    await tabTo(page, form.getByRole('button', { name: 'Create deploy key' }));
    await page.keyboard.press('Enter');

    const heading = keys.getByRole('heading', { name: `Deploy key ${name} created` });
    await expect(heading).toBeFocused();
    await expect(keys.getByText('Copy it now: it will not be shown again.')).toBeVisible();
    const field = keys.getByLabel('The key for mfe-owner');
    secret = await field.inputValue();
    expect(secret).toMatch(/^cdk_[A-Za-z0-9_-]{43}$/);
    await keys.getByRole('button', { name: 'Copy key' }).click();
    await expect(keys.getByText('Copied to the clipboard.')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
    expect(await axeProblems(page)).toEqual([]);
  });

  await test.step('the key works for its remote only', async () => {
    const own = await fetchApi('GET', 'releases/owner/versions/', undefined, secret);
    expect(own.status).toBe(200);
    const other = await fetchApi('GET', 'releases/user/versions/', undefined, secret);
    expect(other.status).toBe(403);
  });

  await test.step('dismissed, the key is gone from the page for good; the list shows it active', async () => {
    await keys.getByRole('button', { name: 'I have stored the key' }).click();
    await expect(form.getByLabel('Name')).toBeFocused();
    await expect(page.locator('body')).not.toContainText(secret);
    await page.reload();
    const row = keys.getByRole('row').filter({ hasText: name });
    await expect(row).toContainText('Active');
    await expect(row).toContainText('publish, canary');
    expect(await page.content()).not.toContain(secret);
  });

  await test.step('revoked after a confirmation, the key is refused at once', async () => {
    await keys.getByRole('button', { name: `Revoke ${name}` }).click();
    const dialog = page.getByRole('dialog', { name: `Revoke the deploy key ${name}?` });
    expect(await axeProblems(page, '[role="dialog"]')).toEqual([]);
    await dialog.getByRole('button', { name: 'Revoke key' }).click();
    const notice = keys.getByText(`Deploy key ${name} revoked: it is refused from now on.`);
    await expect(notice).toBeFocused();
    await expect(keys.getByRole('row').filter({ hasText: name })).toContainText('Revoked');
    const refused = await fetchApi('GET', 'releases/owner/versions/', undefined, secret);
    expect(refused.status).toBe(401);
    expect(((await refused.json()) as { detail: string }).detail).toBe('Deploy key revoked.');
  });

  await test.step('the release history says who created and revoked it, filtered by remote', async () => {
    const admin = await adminUsername();
    const history = page.getByRole('region', { name: 'Release history' });
    await history.getByLabel('Remote').selectOption({ label: 'mfe-owner' });
    const table = history.getByRole('table', { name: 'Release history of mfe-owner' });
    const revoked = table.getByRole('row').filter({ hasText: 'Deploy key revoked' }).first();
    await expect(revoked).toContainText(admin);
    await expect(revoked).toContainText(`key ${name} for mfe-owner`);
    const created = table.getByRole('row').filter({ hasText: 'Deploy key created' }).first();
    await expect(created).toContainText(admin);
    await expect(created).toContainText(`key ${name} for mfe-owner: publish, canary`);
    expect(await page.content()).not.toContain(secret);
    expect(await axeProblems(page)).toEqual([]);
  });

  await test.step('at 360 px wide nothing overflows sideways', async () => {
    await page.setViewportSize(PHONE);
    await expect(page.getByRole('heading', { level: 1, name: 'Releases' })).toBeVisible();
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    expect(await axeProblems(page)).toEqual([]);
  });
});
