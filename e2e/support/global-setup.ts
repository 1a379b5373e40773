/**
 * Runs once per Playwright run, in the runner's process: for each e2e shop (shops.ts) a real SMTP server on loopback
 * (the API tests' own, apps/api/test/support/smtp-test-server.ts) that receives what that shop's API delivers
 * (SMTP_URL in playwright.config.ts) and files each mail in the shop's mailbox folder (mailbox.ts), where the tests of
 * its worker read it. A shop only sends when a test asks for a mail, so it does not matter which starts first.
 */
import { mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { startSmtpTestServer } from '../../apps/api/test/support/smtp-test-server.ts';
import type { ReceivedMail } from './mailbox.ts';
import { E2E_SHOPS, type E2eShop } from './shops.ts';

export default async function globalSetup(): Promise<() => Promise<void>> {
  const servers = await Promise.all(E2E_SHOPS.map((shop) => startMailbox(shop)));
  return async () => {
    await Promise.all(servers.map((server) => server.close()));
  };
}

async function startMailbox(shop: E2eShop) {
  rmSync(shop.mailboxDir, { recursive: true, force: true });
  mkdirSync(shop.mailboxDir, { recursive: true });
  let count = 0;
  return startSmtpTestServer({
    port: shop.smtpPort,
    onMail: (mail) => {
      const filed: ReceivedMail = {
        to: [mail.to ?? []].flat().flatMap((group) => group.value.map((address) => address.address ?? '')),
        subject: mail.subject ?? '',
        text: mail.text ?? '',
        receivedAt: new Date().toISOString(),
      };
      count += 1;
      // Written under a temporary name and renamed, so a test never reads half a file; numbered in arrival order.
      const file = path.join(shop.mailboxDir, `${String(count).padStart(6, '0')}.json`);
      writeFileSync(`${file}.partial`, JSON.stringify(filed));
      renameSync(`${file}.partial`, file);
    },
  });
}
