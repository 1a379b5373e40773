import { mailsTo } from './support/mailbox.ts';
import { expect, test } from './support/test.ts';

/**
 * Password recovery in the browser (spec §2 /user/recover-password, public), with the link read from the mail the
 * shop delivered through SMTP (e2e/support/global-setup.ts), as the user would read it.
 */

const SENT = /If an account with this username exists, we have sent an e-mail/;
/**
 * A demo login no other browser test uses, since this test changes its password: the tests that log in as
 * `backoffice` pass whether they run before or after this one.
 */
const ACCOUNT = { username: 'backoffice-2', email: 'backoffice-2@ridgeline.example' };
const RECOVERY_SUBJECT = 'Reset your password';
const NEW_PASSWORD = 'a-new-password-from-the-mail';

test('from the login page, asking for a link answers the same for known and unknown users', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  await expect(page).toHaveURL(/\/user\/recover-password$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Reset your password' })).toBeVisible();

  await page.getByRole('button', { name: 'Send link' }).click();
  await expect(page.getByRole('textbox', { name: 'Username' })).toBeFocused();
  await expect(page.getByText('Enter your username.', { exact: true })).toBeVisible();

  for (const username of ['us-buyer', 'nobody-at-all']) {
    await page.goto('/user/recover-password');
    await expect(page.getByText(SENT)).toHaveCount(0);
    await page.getByRole('textbox', { name: 'Username' }).fill(username);
    await page.getByRole('textbox', { name: 'Username' }).press('Enter');
    await expect(page.getByRole('status').filter({ hasText: SENT })).toBeVisible();
  }
});

test('a link that is not valid says so and offers a new one', async ({ page }) => {
  const response = await page.goto('/user/recover-password?token=not-a-real-token&username=us-buyer');
  expect(response?.status()).toBe(200);
  await expect(page.getByText(/This link is not valid any more/)).toBeVisible();
  await page.getByRole('link', { name: 'Send a new link' }).click();
  await expect(page).toHaveURL(/\/user\/recover-password$/);
  await expect(page.getByRole('button', { name: 'Send link' })).toBeVisible();
});

test('the mailed link sets a new password, works once, and the new password logs in', async ({ page, baseURL }) => {
  // Mails of an earlier attempt (a retry) stay in the mailbox: this attempt's mail is the one after them.
  const mailsBefore = mailsTo(ACCOUNT.email, RECOVERY_SUBJECT).length;

  await test.step('ask for a link', async () => {
    await page.goto('/user/recover-password');
    await page.getByRole('textbox', { name: 'Username' }).fill(ACCOUNT.username);
    await page.getByRole('button', { name: 'Send link' }).click();
    await expect(page.getByRole('status').filter({ hasText: SENT })).toBeVisible();
  });

  let link = '';
  await test.step('the mail arrives through SMTP with a link to the storefront', async () => {
    await expect.poll(() => mailsTo(ACCOUNT.email, RECOVERY_SUBJECT).length).toBe(mailsBefore + 1);
    const mail = mailsTo(ACCOUNT.email, RECOVERY_SUBJECT).at(-1);
    link = /https?:\/\/\S+/.exec(mail?.text ?? '')?.[0] ?? '';
    expect(link.startsWith(`${baseURL}/user/recover-password?`), link).toBe(true);
    expect(new URL(link).searchParams.get('username')).toBe(ACCOUNT.username);
  });

  await test.step('the link opens the form, which sets the new password', async () => {
    await page.goto(link);
    await expect(page.getByRole('heading', { level: 1, name: 'Choose a new password' })).toBeVisible();
    await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
    await page.getByLabel('Repeat new password', { exact: true }).fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Set new password' }).click();
    await expect(page).toHaveURL(/\/login\?passwordReset=1$/);
    await expect(page.getByText('Your password has been changed. Log in with the new one.')).toBeVisible();
  });

  await test.step('the new password logs in', async () => {
    await page.getByRole('textbox', { name: 'Username' }).fill(ACCOUNT.username);
    await page.getByLabel('Password', { exact: true }).fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await expect(page.getByRole('button', { name: 'Log out' })).toBeVisible();
  });

  await test.step('the link works once', async () => {
    await page.goto(link);
    await expect(page.getByText(/This link is not valid any more/)).toBeVisible();
  });
});
