/**
 * POST /api/Form/SendForm (issue 10 §3): forms defined in content, checked against their fields, stored with their
 * outbox mail in one transaction, rate-limited per client address, and stored once per Idempotency-Key.
 */
import {
  type ContentDocumentBody,
  FORM_RATE_LIMIT,
  IDEMPOTENCY_KEY_HEADER,
  MAX_FORM_VALUE_LENGTH,
} from '@b2b/contract';
import { formsEndpoints } from '@b2b/contract/endpoints/forms';
import { queryRows } from '@b2b/db';
import { contentDocuments, formSubmissions, mailOutbox } from '@b2b/db/schema';
import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callEndpoint, expectError, expectOk } from './support/endpoint-calls.ts';
import { createBuyer } from './support/signed-in-users.ts';
import { createTestApp, EU_AREA, US_AREA } from './support/test-app.ts';

const endpoint = formsEndpoints.sendForm;
const FORM_ID = 'api-test-contact';
const OTHER_FORM_ID = 'api-test-callback';
const RECIPIENT = 'sales-desk@ridgeline.example';

let testApp: Awaited<ReturnType<typeof createTestApp>>;

const contactForm: ContentDocumentBody = {
  kind: 'form',
  intro: 'Tell us what you need.',
  fields: [
    { name: 'name', label: 'Your name', type: 'text', required: true, autocomplete: 'name' },
    { name: 'email', label: 'E-mail', type: 'email', required: true },
    { name: 'phone', label: 'Phone', type: 'tel', required: false },
    { name: 'company', label: 'Company', type: 'text', required: false, maxLength: 20 },
    { name: 'topic', label: 'Topic', type: 'select', required: true, options: ['Order', 'Account', 'Other'] },
    { name: 'message', label: 'Message', type: 'textarea', required: true },
    { name: 'newsletter', label: 'Send me the newsletter', type: 'checkbox', required: false },
    { name: 'acceptTerms', label: 'I accept the terms', type: 'checkbox', required: true },
  ],
  submitLabel: 'Send',
  successMessage: 'Thank you, we answer within one working day.',
  recipient: RECIPIENT,
};

const validData = {
  name: '  Jane Rider  ',
  email: 'jane@alpine-boards.example',
  phone: '+43 512 (0) 123-45',
  topic: 'Account',
  message: 'We would like an account.\nTwo shops in Tyrol.',
  newsletter: false,
  acceptTerms: true,
};

beforeAll(async () => {
  testApp = await createTestApp();
  await testApp.db.insert(contentDocuments).values([
    { areaId: 'eu', languageCode: 'en-GB', kind: 'form', key: FORM_ID, title: 'Contact us', body: contactForm },
    { areaId: 'eu', languageCode: 'en-GB', kind: 'form', key: OTHER_FORM_ID, title: 'Call me', body: contactForm },
    {
      areaId: 'eu',
      languageCode: 'en-GB',
      kind: 'modal',
      key: 'api-test-modal-not-a-form',
      title: 'A modal',
      body: {
        kind: 'modal',
        content: [],
        dismissLabel: 'OK',
        frequency: 'once',
        version: 1,
        audience: 'everyone',
        pathPrefixes: ['/'],
      },
    },
  ]);
});
afterAll(async () => {
  await testApp?.close();
});

let addressSequence = 0;
/** A client address of its own per test, so the rate limit of one test never touches another. */
function nextClientAddress(): string {
  addressSequence += 1;
  return `198.51.100.${addressSequence}`;
}

function send(body: unknown, remoteAddress: string, token?: string) {
  return callEndpoint(testApp.app, endpoint, { body, remoteAddress, token: token ?? null });
}

function sendWithKey(body: unknown, remoteAddress: string, idempotencyKey: string) {
  return callEndpoint(testApp.app, endpoint, {
    body,
    remoteAddress,
    headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
  });
}

/** Waits until a session of the test database waits for a lock held by another (PostgreSQL only). */
async function waitForLockWait(timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const [waiting] = await queryRows<{ count: number }>(
      testApp.db,
      sql`select count(*)::int as count from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
    );
    if ((waiting?.count ?? 0) > 0) return;
    if (Date.now() > deadline) throw new Error('no session waited for a lock');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

async function submissionsFrom(clientAddress: string) {
  return testApp.db.select().from(formSubmissions).where(eq(formSubmissions.clientAddress, clientAddress));
}

function formBody(data: Record<string, unknown>, formId = FORM_ID, area = EU_AREA) {
  return { area, formId, data };
}

async function countRows() {
  const [submissions] = await testApp.db.select({ value: count() }).from(formSubmissions);
  const [mails] = await testApp.db.select({ value: count() }).from(mailOutbox);
  return { submissions: submissions?.value ?? 0, mails: mails?.value ?? 0 };
}

function fieldErrors(body: { errors?: Array<{ field: string; message: string }> | undefined }) {
  return Object.fromEntries((body.errors ?? []).map((error) => [error.field, error.message]));
}

describe('SendForm', () => {
  it('stores the trimmed values and mails them to the recipient through the outbox, answering 201 without login', async () => {
    const clientAddress = nextClientAddress();
    const answer = expectOk(endpoint, await send(formBody(validData), clientAddress));
    expect(answer.message).toBe('Thank you, we answer within one working day.');

    const [submission] = await testApp.db
      .select()
      .from(formSubmissions)
      .where(eq(formSubmissions.id, answer.submissionId));
    expect(submission).toMatchObject({
      areaId: 'eu',
      formKey: FORM_ID,
      clientAddress,
      data: { ...validData, name: 'Jane Rider' },
    });
    const mailId = submission?.mailId;
    expect(mailId).toEqual(expect.any(String));
    const [mail] = await testApp.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.id, mailId ?? ''));
    expect(mail).toMatchObject({ kind: 'form-submission', toAddress: RECIPIENT, subject: 'Ridgeline B2B: Contact us' });
    const text = mail?.textBody ?? '';
    expect(text).toContain('Your name: Jane Rider\n');
    expect(text).toContain('Topic: Account\n');
    expect(text).toContain('Message:\n  We would like an account.\n  Two shops in Tyrol.\n');
    expect(text).toContain('Company: (not given)\n');
    expect(text).toContain('Send me the newsletter: No\n');
    expect(text).toContain('I accept the terms: Yes\n');
    expect(text).toContain(`Submission ${answer.submissionId}`);
  });

  it('takes a logged-in caller the same way (the form is public)', async () => {
    const buyer = await createBuyer(testApp, { username: 'forms-buyer' });
    expectOk(endpoint, await send(formBody(validData), nextClientAddress(), buyer.token));
  });

  it('answers 404 for an unknown form, a form of another area and a modal id, writing nothing', async () => {
    const before = await countRows();
    const address = nextClientAddress();
    expectError(endpoint, await send(formBody(validData, 'no-such-form'), address), 404, 'NotFoundException');
    expectError(endpoint, await send(formBody(validData, FORM_ID, US_AREA), address), 404, 'NotFoundException');
    const modal = await send(formBody(validData, 'api-test-modal-not-a-form'), address);
    expectError(endpoint, modal, 404, 'NotFoundException');
    expect(await countRows()).toEqual(before);
  });

  it('refuses field names the form does not have, naming each, and writes nothing', async () => {
    const before = await countRows();
    const response = await send(formBody({ ...validData, fax: '123', constructor: 'x' }), nextClientAddress());
    const body = expectError(endpoint, response, 400, 'ValidationException');
    expect(fieldErrors(body)).toEqual({
      'data.fax': 'is not a field of this form',
      'data.constructor': 'is not a field of this form',
    });
    expect(await countRows()).toEqual(before);
  });

  it('names every missing or empty required field at once; a required checkbox must be ticked', async () => {
    const before = await countRows();
    const response = await send(
      formBody({ name: '   ', email: '', message: 'Hello', acceptTerms: false }),
      nextClientAddress(),
    );
    expect(fieldErrors(expectError(endpoint, response, 400, 'ValidationException'))).toEqual({
      'data.name': 'is required',
      'data.email': 'is required',
      'data.topic': 'is required',
      'data.acceptTerms': 'is required: it must be ticked',
    });
    expect(await countRows()).toEqual(before);
  });

  it('checks types, formats, choices and lengths', async () => {
    const response = await send(
      formBody({
        ...validData,
        name: true,
        email: 'jane at example',
        phone: 'call me maybe',
        company: 'x'.repeat(21),
        topic: 'Complaint',
        newsletter: 'yes',
      }),
      nextClientAddress(),
    );
    expect(fieldErrors(expectError(endpoint, response, 400, 'ValidationException'))).toEqual({
      'data.name': 'must be text',
      'data.email': 'must be an e-mail address',
      'data.phone': 'must be a phone number (digits, spaces and + ( ) - . /)',
      'data.company': 'must be at most 20 characters',
      'data.topic': 'must be one of: Order, Account, Other',
      'data.newsletter': 'must be true or false',
    });
  });

  it('keeps one-line fields to one line and 200 characters, and a textarea to MAX_FORM_VALUE_LENGTH', async () => {
    expect(MAX_FORM_VALUE_LENGTH).toBe(5000);
    const address = nextClientAddress();
    const oneLine = await send(formBody({ ...validData, name: 'Jane\nBcc: everyone' }), address);
    expect(fieldErrors(expectError(endpoint, oneLine, 400))).toEqual({
      'data.name': 'must be one line without control characters',
    });
    const longName = await send(formBody({ ...validData, name: 'n'.repeat(201) }), address);
    expect(fieldErrors(expectError(endpoint, longName, 400))).toEqual({
      'data.name': 'must be at most 200 characters',
    });
    // The contract refuses a value over MAX_FORM_VALUE_LENGTH before the form is looked at.
    const longMessage = await send(formBody({ ...validData, message: 'm'.repeat(5001) }), address);
    expect(expectError(endpoint, longMessage, 400).errors?.[0]?.field).toBe('data.message');
    expectOk(endpoint, await send(formBody({ ...validData, message: 'm'.repeat(5000) }), address));
  });

  it('refuses a body outside the contract naming the field: no form id, a bad field name, unknown keys', async () => {
    const address = nextClientAddress();
    const noFormId = await send({ area: EU_AREA, data: validData }, address);
    expect(expectError(endpoint, noFormId, 400).errors?.[0]?.field).toBe('formId');
    const badName = await send(formBody({ ...validData, '1st': 'x' }), address);
    expect(expectError(endpoint, badName, 400).errors?.[0]?.field).toMatch(/^data/);
    const extra = await send({ ...formBody(validData), recipient: 'me@evil.example' }, address);
    expectError(endpoint, extra, 400, 'ValidationException');
    const nested = await send(formBody({ ...validData, message: { text: 'x' } }), address);
    expect(expectError(endpoint, nested, 400).errors?.[0]?.field).toBe('data.message');
  });

  it(`answers 429 after ${FORM_RATE_LIMIT.maxPerClientAddress} forms from one address in 10 minutes, writing nothing`, async () => {
    expect(FORM_RATE_LIMIT).toEqual({ maxPerClientAddress: 5, windowMs: 10 * 60 * 1000 });
    const address = nextClientAddress();
    for (let sent = 0; sent < 5; sent++) expectOk(endpoint, await send(formBody(validData), address));
    const before = await countRows();
    const limited = await send(formBody(validData), address);
    expectError(endpoint, limited, 429, 'TooManyRequestsException');
    expect(await countRows()).toEqual(before);
    // Another address is not affected; forms older than the window no longer count.
    expectOk(endpoint, await send(formBody(validData), nextClientAddress()));
    await testApp.db
      .update(formSubmissions)
      .set({ createdAt: new Date(Date.now() - 11 * 60_000) })
      .where(eq(formSubmissions.clientAddress, address));
    expectOk(endpoint, await send(formBody(validData), address));
  });

  it('counts per browser behind the storefront: the address it forwards from loopback (TRUST_PROXY default)', async () => {
    const browser = nextClientAddress();
    const viaStorefront = (forwardedFor: string) =>
      callEndpoint(testApp.app, endpoint, {
        body: formBody(validData),
        remoteAddress: '127.0.0.1',
        headers: { 'x-forwarded-for': forwardedFor },
      });
    for (let sent = 0; sent < 5; sent++) expectOk(endpoint, await viaStorefront(browser));
    expectError(endpoint, await viaStorefront(browser), 429, 'TooManyRequestsException');
    expectOk(endpoint, await viaStorefront(nextClientAddress()));
    const [stored] = await testApp.db
      .select({ value: count() })
      .from(formSubmissions)
      .where(eq(formSubmissions.clientAddress, browser));
    expect(stored?.value).toBe(5);
  });

  describe('with an Idempotency-Key', () => {
    it('stores and mails a form sent again with the same key once, answering the first submission with 200', async () => {
      const address = nextClientAddress();
      const key = 'retry-key-0001';
      const first = expectOk(endpoint, await sendWithKey(formBody(validData), address, key));
      const before = await countRows();
      const again = expectOk(endpoint, await sendWithKey(formBody(validData), address, key), 200);
      expect(again).toEqual(first);
      expect(await countRows()).toEqual(before);
      const stored = await submissionsFrom(address);
      expect(stored.map((row) => [row.id, row.idempotencyKey])).toEqual([[first.submissionId, key]]);
    });

    it('stores one submission and one mail when the same key arrives twice at once', async () => {
      const address = nextClientAddress();
      const before = await countRows();
      const answers = await Promise.all([
        sendWithKey(formBody(validData), address, 'concurrent-key-01'),
        sendWithKey(formBody(validData), address, 'concurrent-key-01'),
      ]);
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 201]);
      const [one, other] = answers.map((answer) => expectOk(endpoint, answer, answer.statusCode === 201 ? 201 : 200));
      expect(one?.submissionId).toBe(other?.submissionId);
      expect(await countRows()).toEqual({ submissions: before.submissions + 1, mails: before.mails + 1 });
    });

    // PGlite runs one statement at a time, so only PostgreSQL lets a second call reach its insert before the first
    // committed: here the first is the test's own open transaction, committed once the call waits on its row lock.
    it.runIf(Boolean(process.env.TEST_DATABASE_URL))(
      'answers the submission stored while it ran with the same key, and rolls its own mail back (PostgreSQL)',
      async () => {
        const address = nextClientAddress();
        const key = 'racing-key-0001';
        const before = await countRows();
        let answer: Promise<Awaited<ReturnType<typeof sendWithKey>>> | undefined;
        const storedId = await testApp.db.transaction(async (tx) => {
          const [stored] = await tx
            .insert(formSubmissions)
            .values({ areaId: 'eu', formKey: FORM_ID, data: {}, clientAddress: address, idempotencyKey: key })
            .returning({ id: formSubmissions.id });
          answer = sendWithKey(formBody(validData), address, key);
          await waitForLockWait();
          return stored?.id;
        });
        const response = await answer;
        if (!response) throw new Error('the call was not sent');
        expect(expectOk(endpoint, response, 200).submissionId).toBe(storedId);
        expect(await countRows()).toEqual({ submissions: before.submissions + 1, mails: before.mails });
      },
    );

    it('does not count a form sent again against the rate limit', async () => {
      const address = nextClientAddress();
      for (let sent = 0; sent < FORM_RATE_LIMIT.maxPerClientAddress; sent++) {
        expectOk(endpoint, await sendWithKey(formBody(validData), address, `limit-key-${sent}0000`));
      }
      expectOk(endpoint, await sendWithKey(formBody(validData), address, 'limit-key-00000'), 200);
      expectError(endpoint, await sendWithKey(formBody(validData), address, 'limit-key-new00'), 429);
    });

    it('answers a resend from another client address the same, and 409 for a key that sent another form', async () => {
      const key = 'moving-key-0001';
      const address = nextClientAddress();
      const first = expectOk(endpoint, await sendWithKey(formBody(validData), address, key));
      // the same browser after its phone changed networks
      const before = await countRows();
      const resent = expectOk(endpoint, await sendWithKey(formBody(validData), nextClientAddress(), key), 200);
      expect(resent).toEqual(first);
      const otherForm = await sendWithKey(formBody(validData, OTHER_FORM_ID), address, key);
      expectError(endpoint, otherForm, 409, 'ConflictException');
      expect(await countRows()).toEqual(before);
    });

    it('keeps the key free when the form was refused: the corrected form is stored with it', async () => {
      const address = nextClientAddress();
      const key = 'corrected-key-01';
      expectError(endpoint, await sendWithKey(formBody({ ...validData, email: 'nope' }), address, key), 400);
      const sent = expectOk(endpoint, await sendWithKey(formBody(validData), address, key));
      const [row] = await testApp.db.select().from(formSubmissions).where(eq(formSubmissions.idempotencyKey, key));
      expect(row?.id).toBe(sent.submissionId);
    });

    it('refuses a key outside the contract, naming the header, and writes nothing', async () => {
      const address = nextClientAddress();
      const before = await countRows();
      for (const key of ['short', 'has space 123', 'k'.repeat(201)]) {
        const refused = expectError(endpoint, await sendWithKey(formBody(validData), address, key), 400);
        expect(refused.errors?.[0]?.field).toBe(IDEMPOTENCY_KEY_HEADER);
      }
      expect(await countRows()).toEqual(before);
    });
  });
});
