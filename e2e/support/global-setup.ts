/**
 * Runs once per Playwright run, in the runner's process: a real SMTP server on loopback (the API tests' own,
 * apps/api/test/support/smtp-test-server.ts) that receives what the e2e shop's API delivers (SMTP_URL in
 * playwright.config.ts) and files each mail in the mailbox folder (mailbox.ts), where the tests' workers read it.
 * The shop only sends when a test asks for a mail, so it does not matter whether the shop or this server starts first.
 */
import { mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { startSmtpTestServer } from '../../apps/api/test/support/smtp-test-server.ts';
import { E2E_SMTP_PORT, MAILBOX_DIR, type ReceivedMail } from './mailbox.ts';

export default async function globalSetup(): Promise<() => Promise<void>> {
  rmSync(MAILBOX_DIR, { recursive: true, force: true });
  mkdirSync(MAILBOX_DIR, { recursive: true });
  let count = 0;
  const server = await startSmtpTestServer({
    port: E2E_SMTP_PORT,
    onMail: (mail) => {
      const filed: ReceivedMail = {
        to: [mail.to ?? []].flat().flatMap((group) => group.value.map((address) => address.address ?? '')),
        subject: mail.subject ?? '',
        text: mail.text ?? '',
        receivedAt: new Date().toISOString(),
      };
      count += 1;
      // Written under a temporary name and renamed, so a test never reads half a file; numbered in arrival order.
      const file = path.join(MAILBOX_DIR, `${String(count).padStart(6, '0')}.json`);
      writeFileSync(`${file}.partial`, JSON.stringify(filed));
      renameSync(`${file}.partial`, file);
    },
  });
  return () => server.close();
}
