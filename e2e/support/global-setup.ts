/**
 * Runs once per Playwright run, in the runner's process: a real SMTP server on loopback that receives what the e2e
 * shop's API delivers (SMTP_URL in playwright.config.ts) and files each mail in the mailbox folder (mailbox.ts).
 * The shop only sends when a test asks for a mail, so it does not matter whether the shop or this server starts first.
 */
import { mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { E2E_SMTP_PORT, MAILBOX_DIR, type ReceivedMail } from './mailbox.ts';

export default async function globalSetup(): Promise<() => Promise<void>> {
  rmSync(MAILBOX_DIR, { recursive: true, force: true });
  mkdirSync(MAILBOX_DIR, { recursive: true });
  let received = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          const mail: ReceivedMail = {
            to: session.envelope.rcptTo.map((recipient) => recipient.address),
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            receivedAt: new Date().toISOString(),
          };
          received += 1;
          // Written under a temporary name and renamed, so a test never reads half a file; numbered in arrival order.
          const file = path.join(MAILBOX_DIR, `${String(received).padStart(6, '0')}.json`);
          writeFileSync(`${file}.partial`, JSON.stringify(mail));
          renameSync(`${file}.partial`, file);
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(E2E_SMTP_PORT, '127.0.0.1', () => resolve());
  });
  return () => new Promise<void>((resolve) => server.close(() => resolve()));
}
