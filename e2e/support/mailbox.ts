/**
 * The e2e shop's mailbox. The Playwright global setup (global-setup.ts) runs a real SMTP server on loopback and the
 * shop's API delivers its outbox there (playwright.config.ts sets SMTP_URL); every accepted mail is written as one
 * JSON file into MAILBOX_DIR, where the tests, in their worker processes, read it.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Loopback port of the SMTP server (next to the shop's 3100 and 4100). */
export const E2E_SMTP_PORT = Number(process.env.E2E_SMTP_PORT ?? 3125);

/** Below the repository's .data folder, like the e2e shop's database; emptied by each run's global setup. */
export const MAILBOX_DIR = fileURLToPath(new URL('../../.data/e2e-mailbox/', import.meta.url));

export type ReceivedMail = {
  /** The addresses of the mail's To header. */
  to: string[];
  subject: string;
  text: string;
  receivedAt: string;
};

/** Every mail received so far in this run, oldest first. */
export function receivedMails(): ReceivedMail[] {
  if (!existsSync(MAILBOX_DIR)) return [];
  return readdirSync(MAILBOX_DIR)
    .filter((file) => file.endsWith('.json'))
    .sort()
    .map((file) => JSON.parse(readFileSync(path.join(MAILBOX_DIR, file), 'utf8')) as ReceivedMail);
}

/** The mails to `recipient` with `subject`, oldest first. */
export function mailsTo(recipient: string, subject: string): ReceivedMail[] {
  return receivedMails().filter((mail) => mail.to.includes(recipient) && mail.subject === subject);
}
