/**
 * The mailbox of the worker's e2e shop (shops.ts). The Playwright global setup (global-setup.ts) runs a real SMTP
 * server on loopback for each shop and the shop's API delivers its outbox there (playwright.config.ts sets SMTP_URL);
 * every accepted mail is written as one JSON file into the shop's mailbox folder, where the tests of that shop's
 * worker read it. A mail another worker's shop sends never shows here.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { WORKER_SHOP } from './shops.ts';

/** Below the repository's .data folder, like the e2e shop's database; emptied by each run's global setup. */
const MAILBOX_DIR = WORKER_SHOP.mailboxDir;

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
