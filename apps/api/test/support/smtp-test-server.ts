/**
 * A real SMTP server on loopback for tests of mail delivery (smtp-server), with every accepted mail parsed back by
 * mailparser. Used by the API tests and by the browser tests' global setup (e2e/support/global-setup.ts), so there
 * is one way to receive the shop's mails in a test.
 */
import type { AddressInfo } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** How the server answers a mail: accept it, defer it (451, try later) or reject it for good (550). */
export type SmtpReply = 'accept' | 'busy' | 'reject';

export type SmtpTestServer = {
  /** Accepted mails, in arrival order. */
  received: ParsedMail[];
  /** What the server answers from now on; 'accept' at start. */
  state: { reply: SmtpReply };
  /** smtp://127.0.0.1:<port>, for SMTP_URL. */
  url: string;
  close(): Promise<void>;
};

/**
 * Starts the server on 127.0.0.1 (`port` 0: any free port). `onMail` runs for every accepted mail, before the server
 * answers, e.g. to file it where another process reads it.
 */
export async function startSmtpTestServer(
  options: { port?: number; onMail?: (mail: ParsedMail) => void } = {},
): Promise<SmtpTestServer> {
  const received: ParsedMail[] = [];
  const state = { reply: 'accept' as SmtpReply };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
          if (state.reply === 'busy') {
            callback(Object.assign(new Error('Mailbox busy, try later'), { responseCode: 451 }));
          } else if (state.reply === 'reject') {
            callback(Object.assign(new Error('No such mailbox'), { responseCode: 550 }));
          } else {
            received.push(mail);
            options.onMail?.(mail);
            callback();
          }
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const port = (server.server.address() as AddressInfo).port;
  return {
    received,
    state,
    url: `smtp://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
