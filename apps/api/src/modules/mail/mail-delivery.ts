/**
 * Delivery of the mail outbox through SMTP (ADR 009). `deliverDueMails` is one pass: claim the due mails, send each,
 * record the outcome. The plugin (mail-delivery.plugin.ts) runs passes on a timer; tests call it directly.
 */
import { type BackgroundTracer, untracedBackground } from '@b2b/contract/tracing';
import type { Executor } from '@b2b/db';
import { type ClaimedMail, claimDueMails, markMailAttemptFailed, markMailSent } from './mail.repository.ts';

/** What delivery needs of a mail transport: nodemailer's `Transporter.sendMail` has this shape. */
export type SmtpSender = {
  sendMail(message: { from: string; to: string; subject: string; text: string; html?: string }): Promise<unknown>;
};

export type MailDeliveryOptions = {
  db: Executor;
  sender: SmtpSender;
  from: string;
  /** Mails claimed per pass. */
  batchSize?: number;
  /** How long a claimed mail is reserved for this sender before another may try it. */
  leaseMs?: number;
  /** Attempts before a mail is given up. */
  maxAttempts?: number;
  log?: { warn(object: object, message: string): void; error(object: object, message: string): void };
  /** Each mail's delivery is a trace of its own when tracing is on (ADR 043); the claim is in none. */
  traceBackground?: BackgroundTracer;
};

export type DeliveryPass = { sent: number; retrying: number; failed: number };

export const MAIL_DELIVERY_DEFAULTS = { batchSize: 20, leaseMs: 5 * 60_000, maxAttempts: 8 } as const;

/** Wait before attempt `attempts + 1`: 1, 2, 4 … minutes, at most 6 hours (8 attempts span about 4 hours). */
export function retryDelayMs(attempts: number): number {
  return Math.min(60_000 * 2 ** Math.max(0, attempts - 1), 6 * 60 * 60_000);
}

/** An SMTP 5xx reply (e.g. 550 no such mailbox) will not change on retry; anything else (4xx, network) may. */
export function isPermanentSmtpFailure(error: unknown): boolean {
  const code = (error as { responseCode?: unknown } | null)?.responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
}

function describeError(error: unknown): string {
  if (error instanceof Error) {
    const code = (error as { responseCode?: unknown }).responseCode;
    return typeof code === 'number' ? `${code} ${error.message}` : error.message;
  }
  return String(error);
}

/** One pass over the outbox: every due mail is sent once, or its failure recorded. */
export async function deliverDueMails(options: MailDeliveryOptions): Promise<DeliveryPass> {
  const { batchSize, leaseMs, maxAttempts } = { ...MAIL_DELIVERY_DEFAULTS, ...definedOnly(options) };
  const pass: DeliveryPass = { sent: 0, retrying: 0, failed: 0 };
  const traceBackground = options.traceBackground ?? untracedBackground;
  // Claimed first, outside any span: a pass that finds nothing due (most of them) makes no trace.
  const mails = await claimDueMails(options.db, { limit: batchSize, leaseMs });
  for (const mail of mails) {
    const attributes = { 'b2b.mail.id': mail.id, 'b2b.mail.attempt': mail.attempts };
    const outcome = await traceBackground('mail delivery', attributes, async (span) => {
      const result = await deliverMail(mail, options, maxAttempts);
      span.setAttributes({ 'b2b.mail.outcome': result.outcome });
      if (result.error !== undefined) span.fail(result.error);
      return result.outcome;
    });
    pass[outcome]++;
  }
  return pass;
}

type MailOutcome = { outcome: keyof DeliveryPass; error?: unknown };

/** Sends one claimed mail and records how it went: sent, put off for a retry, or given up. */
async function deliverMail(mail: ClaimedMail, options: MailDeliveryOptions, maxAttempts: number): Promise<MailOutcome> {
  try {
    await options.sender.sendMail(toMessage(mail, options.from));
    await markMailSent(options.db, mail.id);
    return { outcome: 'sent' };
  } catch (error) {
    const giveUp = isPermanentSmtpFailure(error) || mail.attempts >= maxAttempts;
    await markMailAttemptFailed(options.db, mail.id, {
      error: describeError(error),
      retryInMs: giveUp ? null : retryDelayMs(mail.attempts),
    });
    const details = { mailId: mail.id, attempts: mail.attempts, error: describeError(error) };
    if (giveUp) options.log?.error(details, 'mail delivery given up');
    else options.log?.warn(details, 'mail delivery failed; will retry');
    return { outcome: giveUp ? 'failed' : 'retrying', error };
  }
}

function toMessage(mail: ClaimedMail, from: string) {
  return {
    from,
    to: mail.toAddress,
    subject: mail.subject,
    text: mail.textBody,
    ...(mail.htmlBody ? { html: mail.htmlBody } : {}),
  };
}

function definedOnly(options: MailDeliveryOptions) {
  return Object.fromEntries(
    (['batchSize', 'leaseMs', 'maxAttempts'] as const)
      .filter((key) => options[key] !== undefined)
      .map((key) => [key, options[key]]),
  ) as Partial<typeof MAIL_DELIVERY_DEFAULTS>;
}
