/**
 * Mail delivery through SMTP (ADR 009) against a real SMTP server on loopback (smtp-server), with the mails parsed
 * back by mailparser. The outbox lives in the test database (PGlite, or PostgreSQL with TEST_DATABASE_URL).
 */

import { once } from 'node:events';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mailOutbox } from '@b2b/db/schema';
import { eq, sql } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sendMail } from '../src/modules/mail/mail.ts';
import { deliverDueMails, isPermanentSmtpFailure, retryDelayMs } from '../src/modules/mail/mail-delivery.ts';
import { type SmtpTestServer, startSmtpTestServer } from './support/smtp-test-server.ts';
import { createTestApp, EU_AREA } from './support/test-app.ts';

const FROM = 'Ridgeline Test <shop@example.test>';

let smtp: SmtpTestServer;
beforeAll(async () => {
  smtp = await startSmtpTestServer();
});
afterAll(async () => {
  await smtp.close();
});
beforeEach(() => {
  smtp.received.length = 0;
  smtp.state.reply = 'accept';
});

describe('with SMTP_URL set, the API delivers the outbox on its own', () => {
  let testApp: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    testApp = await createTestApp({ SMTP_URL: smtp.url, MAIL_FROM: FROM, MAIL_DELIVERY_INTERVAL_MS: '100' });
  });
  afterAll(async () => {
    await testApp.close();
  });

  it('sends a mail written to the outbox and marks it sent', async () => {
    const { id } = await testApp.db.transaction((tx) =>
      sendMail(tx, {
        to: 'buyer@example.test',
        subject: 'Order SO-000042 confirmed',
        text: 'Thank you for your order.',
        html: '<p>Thank you for your order.</p>',
        kind: 'order-confirmation',
      }),
    );
    await expect.poll(() => smtp.received.length, { timeout: 5000 }).toBe(1);
    const [mail] = smtp.received;
    expect(mail?.from?.text).toBe(FROM.replace('Ridgeline Test', '"Ridgeline Test"'));
    expect(mail?.to && !Array.isArray(mail.to) ? mail.to.text : '').toBe('buyer@example.test');
    expect(mail?.subject).toBe('Order SO-000042 confirmed');
    expect(mail?.text?.trim()).toBe('Thank you for your order.');
    expect(mail?.html).toContain('<p>Thank you for your order.</p>');
    await expect
      .poll(async () => {
        const [row] = await testApp.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
        return row?.sentAt instanceof Date;
      })
      .toBe(true);
    const [row] = await testApp.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
    expect(row).toMatchObject({ attempts: 1, lastError: null, failedAt: null });
  });
});

describe('a shutdown (SIGTERM: app.close())', () => {
  it('claims no more mails from its start, while a request in flight is still being answered', async () => {
    const testApp = await createTestApp({ SMTP_URL: smtp.url, MAIL_FROM: FROM, MAIL_DELIVERY_INTERVAL_MS: '100' });
    await testApp.app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = testApp.app.server.address() as AddressInfo;
    // a request whose body is still arriving: the shutdown waits for it
    const body = JSON.stringify({ area: EU_AREA, username: 'nobody-here', password: 'not-the-password' });
    const inFlight = httpRequest({
      host: '127.0.0.1',
      port,
      path: '/api/User/Login',
      method: 'POST',
      headers: { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) },
    });
    const answered = once(inFlight, 'response');
    inFlight.write(body.slice(0, 10));
    await once(inFlight, 'socket');
    await new Promise((resolve) => setTimeout(resolve, 200));

    const closed = testApp.app.close();
    const { id } = await sendMail(testApp.db, {
      to: 'buyer@example.test',
      subject: 'Written during the shutdown',
      text: 'Another instance sends this one.',
      kind: 'test',
    });
    // five delivery intervals while the request is still open
    await new Promise((resolve) => setTimeout(resolve, 500));
    const [row] = await testApp.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
    expect(row).toMatchObject({ attempts: 0, sentAt: null });
    expect(smtp.received).toHaveLength(0);

    inFlight.end(body.slice(10));
    const [response] = (await answered) as [IncomingMessage];
    response.resume();
    expect(response.statusCode).toBe(401);
    await closed;
    await testApp.database.close();
  });
});

describe('a delivery pass', () => {
  let testApp: Awaited<ReturnType<typeof createTestApp>>;
  const sender = () => nodemailer.createTransport(smtp.url);
  const pass = (options: { maxAttempts?: number } = {}) =>
    deliverDueMails({ db: testApp.db, sender: sender(), from: FROM, ...options });
  const write = (subject: string) =>
    sendMail(testApp.db, { to: 'buyer@example.test', subject, text: subject, kind: 'test' });
  const rowOf = async (id: string) => {
    const [row] = await testApp.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
    if (!row) throw new Error('mail row missing');
    return row;
  };
  const makeDue = (id: string) =>
    testApp.db.update(mailOutbox).set({ nextAttemptAt: sql`now()` }).where(eq(mailOutbox.id, id));

  beforeAll(async () => {
    testApp = await createTestApp(); // no SMTP_URL: nothing runs on its own
  });
  afterAll(async () => {
    await testApp.close();
  });
  beforeEach(async () => {
    await testApp.db.delete(mailOutbox);
  });

  it('sends every due mail once; a second pass sends nothing again', async () => {
    const ids = await Promise.all(['one', 'two', 'three'].map((subject) => write(subject)));
    expect(await pass()).toEqual({ sent: 3, retrying: 0, failed: 0 });
    expect(await pass()).toEqual({ sent: 0, retrying: 0, failed: 0 });
    expect(smtp.received.map((mail) => mail.subject).sort()).toEqual(['one', 'three', 'two']);
    for (const { id } of ids) expect((await rowOf(id)).sentAt).toBeInstanceOf(Date);
  });

  it('two passes at the same time send each mail exactly once', async () => {
    await Promise.all(Array.from({ length: 6 }, (_, index) => write(`mail ${index}`)));
    const [first, second] = await Promise.all([pass(), pass()]);
    expect((first?.sent ?? 0) + (second?.sent ?? 0)).toBe(6);
    expect(smtp.received).toHaveLength(6);
    expect(new Set(smtp.received.map((mail) => mail.subject)).size).toBe(6);
  });

  it('keeps a mail the server defers (4xx) and sends it on a later pass', async () => {
    const { id } = await write('deferred');
    smtp.state.reply = 'busy';
    expect(await pass()).toEqual({ sent: 0, retrying: 1, failed: 0 });
    const deferred = await rowOf(id);
    expect(deferred).toMatchObject({ sentAt: null, failedAt: null, attempts: 1 });
    expect(deferred.lastError).toMatch(/451/);
    expect(deferred.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 30_000);

    smtp.state.reply = 'accept';
    expect(await pass()).toEqual({ sent: 0, retrying: 0, failed: 0 }); // not due yet
    await makeDue(id);
    expect(await pass()).toEqual({ sent: 1, retrying: 0, failed: 0 });
    expect(await rowOf(id)).toMatchObject({ attempts: 2, lastError: null });
    expect(smtp.received.map((mail) => mail.subject)).toEqual(['deferred']);
  });

  it('gives a mail up when the server rejects it (5xx), and after the last attempt', async () => {
    const rejected = await write('rejected');
    smtp.state.reply = 'reject';
    expect(await pass()).toEqual({ sent: 0, retrying: 0, failed: 1 });
    const row = await rowOf(rejected.id);
    expect(row.failedAt).toBeInstanceOf(Date);
    expect(row.lastError).toMatch(/550/);
    await makeDue(rejected.id);
    smtp.state.reply = 'accept';
    expect(await pass()).toEqual({ sent: 0, retrying: 0, failed: 0 });

    const exhausted = await write('exhausted');
    smtp.state.reply = 'busy';
    expect(await pass({ maxAttempts: 1 })).toEqual({ sent: 0, retrying: 0, failed: 1 });
    expect((await rowOf(exhausted.id)).failedAt).toBeInstanceOf(Date);
    expect(smtp.received).toHaveLength(0);
  });

  it('keeps a mail when the server cannot be reached', async () => {
    const { id } = await write('unreachable');
    const closed = await startSmtpTestServer();
    await closed.close();
    const result = await deliverDueMails({
      db: testApp.db,
      sender: nodemailer.createTransport(closed.url),
      from: FROM,
    });
    expect(result).toEqual({ sent: 0, retrying: 1, failed: 0 });
    expect(await rowOf(id)).toMatchObject({ sentAt: null, failedAt: null, attempts: 1 });
  });
});

describe('retry rules', () => {
  it('waits 1, 2, 4 … minutes, at most 6 hours', () => {
    expect([1, 2, 3, 4].map(retryDelayMs)).toEqual([60_000, 120_000, 240_000, 480_000]);
    expect(retryDelayMs(20)).toBe(6 * 60 * 60_000);
  });

  it('treats only SMTP 5xx replies as permanent', () => {
    expect(isPermanentSmtpFailure({ responseCode: 550 })).toBe(true);
    expect(isPermanentSmtpFailure({ responseCode: 451 })).toBe(false);
    expect(isPermanentSmtpFailure(new Error('ECONNREFUSED'))).toBe(false);
  });
});
