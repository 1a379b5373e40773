/**
 * The back office's mail calls (issue 28): templates of the order confirmation, the receipt copy and the password
 * recovery mail (placeholders checked, stale versions refused, reset, a preview from a real order, the mails the shop
 * sends use the saved text) and the outbox (search, one mail, retry of a mail the SMTP server refused), each write
 * with its audit entry. Orders are placed through CreateOrderByCartId; mails are delivered to a real SMTP server.
 */
import { backofficeMailEndpoints as mail } from '@b2b/contract/endpoints/backoffice-mail';
import { documentsEndpoints } from '@b2b/contract/endpoints/documents';
import { orderEndpoints } from '@b2b/contract/endpoints/order';
import { userEndpoints } from '@b2b/contract/endpoints/user';
import { auditEntries, mailOutbox, mailTemplates } from '@b2b/db/schema';
import { and, desc, eq } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { deliverDueMails } from '../src/modules/mail/mail-delivery.ts';
import { createCartWithLines, setStock } from './support/checkout-factories.ts';
import { callEndpoint, expectError, expectOk } from './support/endpoint-calls.ts';
import { createProduct, setPrice, setVatRates } from './support/factories.ts';
import { type BuyerWithAddress, createBuyer, createStaff, type SignedInUser } from './support/signed-in-users.ts';
import { type SmtpTestServer, startSmtpTestServer } from './support/smtp-test-server.ts';
import { createTestApp, EU_AREA } from './support/test-app.ts';

let testApp: Awaited<ReturnType<typeof createTestApp>>;
let smtp: SmtpTestServer;
let buyer: BuyerWithAddress;
let staff: SignedInUser;
const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';
const EU_KEY = { areaId: 'eu', languageCode: 'en-GB' } as const;

beforeAll(async () => {
  smtp = await startSmtpTestServer();
  testApp = await createTestApp();
  const { db } = testApp;
  await setVatRates(db, { eu: 2500, us: 0 });
  await createProduct(db, 'MA-100', ['MA-100-01']);
  await setPrice(db, { productId: 'MA-100', currencyCode: 'EUR', unitPriceMinor: 1999 });
  await setStock(db, 'MA-100-01', 1000);
  buyer = await createBuyer(testApp, {
    username: 'ma-buyer',
    customer: { areaId: 'eu', name: 'Mail Admin Customer' },
    address: true,
  });
  staff = await createStaff(testApp, { username: 'ma-staff' });
});

afterAll(async () => {
  await testApp?.close();
  await smtp?.close();
});

beforeEach(() => {
  smtp.state.reply = 'accept';
});

function call<E extends (typeof mail)[keyof typeof mail]>(
  endpoint: E,
  body: object,
  token: string | null = staff.token,
) {
  return callEndpoint(testApp.app, endpoint, { token, body });
}

/** Places an order for the buyer (3 × MA-100 at 19.99 EUR) and answers its id and number. */
async function placeOrder(): Promise<{ orderId: string; orderNumber: string }> {
  const cartId = await createCartWithLines(
    testApp.db,
    buyer,
    [{ productId: 'MA-100', variantId: 'MA-100-01', quantity: 3 }],
    { shippingAddress: buyer.address, shippingMethodId: 'eu-standard', reference: 'PO-MA-1' },
  );
  const response = await callEndpoint(testApp.app, orderEndpoints.createOrderByCartId, {
    token: buyer.token,
    body: { area: EU_AREA, cartId },
  });
  const { order } = expectOk(orderEndpoints.createOrderByCartId, response);
  return { orderId: order.orderId, orderNumber: order.orderNumber };
}

async function newestMailOfKind(kind: string) {
  const [row] = await testApp.db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.kind, kind))
    .orderBy(desc(mailOutbox.createdAt))
    .limit(1);
  if (!row) throw new Error(`no ${kind} mail`);
  return row;
}

async function auditOf(objectId: string) {
  return testApp.db
    .select()
    .from(auditEntries)
    .where(eq(auditEntries.objectId, objectId))
    .orderBy(desc(auditEntries.occurredAt));
}

async function currentTemplate(kind: string, areaId = 'eu') {
  const { templates } = expectOk(mail.getMailTemplates, await call(mail.getMailTemplates, { kind, areaId }));
  const [template] = templates;
  if (!template || templates.length !== 1) throw new Error(`expected one ${kind} template of ${areaId}`);
  return template;
}

describe('Mail/GetTemplates', () => {
  it('lists each of the three mails per area with its built-in text and placeholders', async () => {
    const { templates } = expectOk(mail.getMailTemplates, await call(mail.getMailTemplates, {}));
    expect(templates.map((template) => `${template.kind}/${template.areaId}/${template.languageCode}`)).toEqual([
      'order-confirmation/eu/en-GB',
      'order-confirmation/us/en-GB',
      'order-confirmation-copy/eu/en-GB',
      'order-confirmation-copy/us/en-GB',
      'password-recovery/eu/en-GB',
      'password-recovery/us/en-GB',
    ]);
    const confirmation = templates[0];
    expect(confirmation).toMatchObject({
      label: 'Order confirmation',
      subject: 'Order confirmation {orderNumber}',
      isCustomised: false,
      version: 0,
      updatedAt: null,
    });
    expect(confirmation?.placeholders.filter((p) => p.isRequired).map((p) => p.name)).toEqual([
      'orderNumber',
      'lines',
      'totals',
    ]);
    const recovery = templates[4];
    expect(recovery?.placeholders.map((p) => [p.name, p.isRequired])).toEqual([
      ['name', false],
      ['link', true],
      ['validMinutes', false],
    ]);
  });

  it('refuses an unknown field, naming it', async () => {
    const error = expectError(mail.getMailTemplates, await call(mail.getMailTemplates, { colour: 'red' }), 400);
    expect(JSON.stringify(error.errors)).toContain('colour');
  });
});

describe('Mail/UpdateTemplate checks the placeholders and writes nothing when refused', () => {
  const base = {
    kind: 'order-confirmation',
    ...EU_KEY,
    subject: 'Your order {orderNumber}',
    body: 'Hello {name}\n{lines}\n{totals}',
    version: 0,
  };
  const cases: Array<{ name: string; body: object; field: string; message: string }> = [
    {
      name: 'an unknown placeholder',
      body: { ...base, body: 'Hello {nmae}\n{lines}\n{totals}' },
      field: 'body',
      message: '{nmae} is not a placeholder of this mail',
    },
    {
      name: 'a multi-line placeholder in the subject',
      body: { ...base, subject: 'Order {orderNumber}: {lines}' },
      field: 'subject',
      message: '{lines} fills several lines',
    },
    {
      name: 'a required placeholder missing',
      body: { ...base, body: 'Hello {name}\n{lines}' },
      field: 'body',
      message: 'must contain {totals}',
    },
    {
      name: 'a recovery mail without its link',
      body: { ...base, kind: 'password-recovery', subject: 'Reset', body: 'Hello {name}, call us.' },
      field: 'body',
      message: 'must contain {link}',
    },
    {
      name: 'a language the area does not sell in',
      body: { ...base, languageCode: 'de-DE' },
      field: 'languageCode',
      message: 'must be en-GB',
    },
    { name: 'an unknown field', body: { ...base, html: '<p>x</p>' }, field: 'html', message: '' },
    { name: 'an empty subject', body: { ...base, subject: '  ' }, field: 'subject', message: 'must not be empty' },
  ];
  for (const testCase of cases) {
    it(`400 for ${testCase.name}`, async () => {
      const error = expectError(mail.updateMailTemplate, await call(mail.updateMailTemplate, testCase.body), 400);
      const fieldError = error.errors?.find((candidate) => candidate.field.includes(testCase.field));
      expect(fieldError, JSON.stringify(error)).toBeDefined();
      expect(fieldError?.message).toContain(testCase.message);
    });
  }

  it('saved nothing and logged nothing for the refused saves', async () => {
    expect(await testApp.db.$count(mailTemplates)).toBe(0);
    expect(await testApp.db.$count(auditEntries, eq(auditEntries.objectType, 'mail-template'))).toBe(0);
  });

  it('answers 401 to anonymous callers and 403 to buyers', async () => {
    expectError(mail.updateMailTemplate, await call(mail.updateMailTemplate, base, null), 401);
    expectError(mail.updateMailTemplate, await call(mail.updateMailTemplate, base, buyer.token), 403);
  });
});

describe('an edited order confirmation', () => {
  const edited = {
    kind: 'order-confirmation',
    ...EU_KEY,
    subject: 'Thanks! Order {orderNumber} is in',
    body: 'Hi {name},\n\nwe have your order {orderNumber} ({total}).\n{notes}\n\n{lines}\n\n{totals}\n\nRidgeline',
  };

  it('previews from a real order before saving: the newest of the area, or the one named', async () => {
    const { orderNumber } = await placeOrder();
    const before = await testApp.db.$count(mailOutbox);
    const preview = expectOk(mail.previewMailTemplate, await call(mail.previewMailTemplate, edited));
    expect(preview.orderNumber).toBe(orderNumber);
    expect(preview.toAddress).toBe('ma-buyer@example.test');
    expect(preview.subject).toBe(`Thanks! Order ${orderNumber} is in`);
    // 3 × 19.99 = 59.97 + shipping, VAT 25 %: the order's real figures.
    expect(preview.text).toContain(`we have your order ${orderNumber} (`);
    expect(preview.text).toContain('3 × ');
    expect(preview.text).toContain('(MA-100-01): 59.97 EUR');
    expect(preview.text).toContain('Your reference: PO-MA-1');
    expect(preview.html).toContain('<p>Hi Name of ma-buyer,</p>');

    const older = await placeOrder();
    const named = expectOk(mail.previewMailTemplate, await call(mail.previewMailTemplate, { ...edited, orderNumber }));
    expect(named.orderNumber).toBe(orderNumber);
    expect(older.orderNumber).not.toBe(orderNumber);
    expect(await testApp.db.$count(mailOutbox)).toBe(before + 1); // only the second order's confirmation
  });

  it('previews refuse an unknown order (404) and a bad template (400)', async () => {
    const unknown = await call(mail.previewMailTemplate, { ...edited, orderNumber: 'SO-999999' });
    expect(expectError(mail.previewMailTemplate, unknown, 404).message).toContain('SO-999999');
    const bad = await call(mail.previewMailTemplate, { ...edited, body: '{lines} {totals} {oops}' });
    expect(JSON.stringify(expectError(mail.previewMailTemplate, bad, 400).errors)).toContain('{oops}');
  });

  it('saves as version 1 with its audit entry, and the next confirmation the shop sends uses it', async () => {
    const { template } = expectOk(
      mail.updateMailTemplate,
      await call(mail.updateMailTemplate, { ...edited, version: 0 }),
    );
    expect(template).toMatchObject({
      subject: edited.subject,
      body: edited.body,
      isCustomised: true,
      version: 1,
      updatedBy: 'ma-staff',
    });
    const [entry] = await auditOf('order-confirmation/eu/en-GB');
    expect(entry).toMatchObject({
      actorUsername: 'ma-staff',
      objectType: 'mail-template',
      action: 'update',
      after: { subject: edited.subject, body: edited.body },
    });
    expect(entry?.before).toMatchObject({ subject: 'Order confirmation {orderNumber}', isCustomised: false });

    const { orderNumber } = await placeOrder();
    const sent = await newestMailOfKind('order-confirmation');
    expect(sent.subject).toBe(`Thanks! Order ${orderNumber} is in`);
    expect(sent.textBody).toMatch(/^Hi Name of ma-buyer,\n\nwe have your order SO-\d+ \(\d+\.\d\d EUR\)\.\nYour ref/);
    expect(sent.textBody.endsWith('\n\nRidgeline')).toBe(true);
    expect(sent.htmlBody).toContain('<p>Ridgeline</p>');
    // The US area still sends the built-in text.
    expect((await currentTemplate('order-confirmation', 'us')).isCustomised).toBe(false);
  });

  it('refuses a save from a stale version (409) and changes nothing', async () => {
    const response = await call(mail.updateMailTemplate, { ...edited, subject: 'Lost {orderNumber}', version: 0 });
    const error = expectError(mail.updateMailTemplate, response, 409, 'ConflictException');
    expect(error.message).toContain('Order confirmation (eu, en-GB) was changed meanwhile');
    expect(error.message).toContain('version 1, saved by ma-staff');
    expect((await currentTemplate('order-confirmation')).subject).toBe(edited.subject);
    expect(await auditOf('order-confirmation/eu/en-GB')).toHaveLength(1);
  });

  it('lets one of two editors saving the same version at once win; the other gets 409', async () => {
    const responses = await Promise.all(
      ['A', 'B'].map((who) =>
        call(mail.updateMailTemplate, { ...edited, subject: `Editor ${who}: {orderNumber}`, version: 1 }),
      ),
    );
    expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 409]);
    const winner = responses.find((response) => response.statusCode === 200);
    if (!winner) throw new Error('no save won');
    const saved = expectOk(mail.updateMailTemplate, winner);
    expect(saved.template.version).toBe(2);
    expect((await currentTemplate('order-confirmation')).subject).toBe(saved.template.subject);
    expect(await auditOf('order-confirmation/eu/en-GB')).toHaveLength(2);
  });

  it('resets to the built-in text (audited); a stale or built-in reset is refused', async () => {
    const stale = await call(mail.resetMailTemplate, { kind: 'order-confirmation', ...EU_KEY, version: 1 });
    expectError(mail.resetMailTemplate, stale, 409);
    const { template } = expectOk(
      mail.resetMailTemplate,
      await call(mail.resetMailTemplate, { kind: 'order-confirmation', ...EU_KEY, version: 2 }),
    );
    expect(template).toMatchObject({ subject: 'Order confirmation {orderNumber}', isCustomised: false, version: 0 });
    const [entry] = await auditOf('order-confirmation/eu/en-GB');
    expect(entry).toMatchObject({ action: 'reset', after: { subject: 'Order confirmation {orderNumber}' } });
    const again = await call(mail.resetMailTemplate, { kind: 'order-confirmation', ...EU_KEY, version: 2 });
    expectError(mail.resetMailTemplate, again, 404);

    const { orderNumber } = await placeOrder();
    expect((await newestMailOfKind('order-confirmation')).subject).toBe(`Order confirmation ${orderNumber}`);
  });
});

describe('the receipt copy and the recovery mail use their saved text', () => {
  it('sends the receipt copy from its own template', async () => {
    const { orderId, orderNumber } = await placeOrder();
    expectOk(
      mail.updateMailTemplate,
      await call(mail.updateMailTemplate, {
        kind: 'order-confirmation-copy',
        ...EU_KEY,
        subject: 'Duplicate of {orderNumber} for {customerName}',
        body: 'As requested:\n{lines}\n{totals}',
        version: 0,
      }),
    );
    const copy = await callEndpoint(testApp.app, documentsEndpoints.sendReceiptCopy, {
      token: staff.token,
      body: { orderId, email: 'accounts@example.test' },
    });
    expectOk(documentsEndpoints.sendReceiptCopy, copy);
    const sent = await newestMailOfKind('order-confirmation-copy');
    expect(sent.subject).toBe(`Duplicate of ${orderNumber} for Mail Admin Customer`);
    expect(sent.textBody.startsWith('As requested:\n3 × ')).toBe(true);
  });

  it('sends the recovery mail from its template, with the link, and GetRecoveryMailTemplates answers it', async () => {
    const recovery = await currentTemplate('password-recovery');
    const body = 'Hi {name}!\n\nNew password: {link}\n\n(valid {validMinutes} min)';
    expectOk(
      mail.updateMailTemplate,
      await call(mail.updateMailTemplate, {
        kind: 'password-recovery',
        ...EU_KEY,
        subject: 'Your password link',
        body,
        version: recovery.version,
      }),
    );
    const templates = expectOk(
      userEndpoints.getRecoveryMailTemplates,
      await callEndpoint(testApp.app, userEndpoints.getRecoveryMailTemplates, {
        token: staff.token,
        body: { area: EU_AREA },
      }),
    );
    expect(templates.templates).toEqual([
      {
        kind: 'password-recovery',
        subject: 'Your password link',
        text: body,
        areaId: 'eu',
        languageCode: 'en-GB',
        isCustomised: true,
      },
    ]);
    const requested = await callEndpoint(testApp.app, userEndpoints.recoverPassword, {
      body: { area: EU_AREA, username: 'ma-buyer', tokenUrl: 'http://localhost:3000/user/recover-password' },
    });
    expectOk(userEndpoints.recoverPassword, requested);
    const sent = await newestMailOfKind('password-recovery');
    expect(sent.subject).toBe('Your password link');
    expect(sent.textBody).toMatch(
      /^Hi Name of ma-buyer!\n\nNew password: http:\/\/localhost:3000\/user\/recover-password\?token=[\w-]+&username=ma-buyer\n\n\(valid 60 min\)$/,
    );
  });

  it('previews the recovery mail with a link that does not work', async () => {
    const preview = expectOk(
      mail.previewMailTemplate,
      await call(mail.previewMailTemplate, {
        kind: 'password-recovery',
        ...EU_KEY,
        subject: 'Link',
        body: 'Open {link}',
      }),
    );
    expect(preview.text).toMatch(
      /^Open http:\/\/.+\/user\/recover-password\?token=preview-only-not-a-valid-token&username=ma-buyer$/,
    );
  });
});

describe('the outbox', () => {
  const sender = () => nodemailer.createTransport(smtp.url);
  const deliver = () => deliverDueMails({ db: testApp.db, sender: sender(), from: 'shop@example.test' });

  it('shows a mail the SMTP server refused as failed with its answer; Retry puts it back and it is sent', async () => {
    await deliver(); // everything written so far goes out
    smtp.state.reply = 'reject';
    const { orderNumber } = await placeOrder();
    expect((await deliver()).failed).toBe(1);

    const failed = expectOk(mail.getOutboxBySearch, await call(mail.getOutboxBySearch, { state: 'failed' }));
    expect(failed.totalCount).toBe(1);
    const [row] = failed.mails;
    expect(row).toMatchObject({
      state: 'failed',
      kind: 'order-confirmation',
      toAddress: 'ma-buyer@example.test',
      orderNumber,
      attempts: 1,
      lastError: '550 Message failed: 550 No such mailbox',
      nextAttemptAt: null,
    });
    if (!row) throw new Error('no failed mail');

    const one = expectOk(mail.getOutboxMail, await call(mail.getOutboxMail, { mailId: row.id }));
    expect(one.mail.textBody).toContain(`thank you for your order ${orderNumber}.`);
    expect(one.mail.requestedBy).toBeNull();

    smtp.state.reply = 'accept';
    const retried = expectOk(mail.retryOutboxMail, await call(mail.retryOutboxMail, { mailId: row.id }));
    expect(retried.mail).toMatchObject({ state: 'pending', attempts: 0, failedAt: null });
    const [entry] = await auditOf(row.id);
    expect(entry).toMatchObject({
      objectType: 'mail',
      action: 'retry',
      actorUsername: 'ma-staff',
      before: { state: 'failed', attempts: 1, lastError: '550 Message failed: 550 No such mailbox' },
      after: { state: 'pending', attempts: 0 },
    });

    const before = smtp.received.length;
    expect((await deliver()).sent).toBe(1);
    expect(smtp.received.slice(before).map((received) => received.subject)).toEqual([
      `Order confirmation ${orderNumber}`,
    ]);
    const sent = expectOk(mail.getOutboxMail, await call(mail.getOutboxMail, { mailId: row.id }));
    expect(sent.mail).toMatchObject({ state: 'sent', attempts: 1, lastError: null });

    // A sent mail is not sent twice, and a refused retry writes no audit entry.
    const again = expectError(mail.retryOutboxMail, await call(mail.retryOutboxMail, { mailId: row.id }), 409);
    expect(again.message).toContain('a retry would send it twice');
    expect(await auditOf(row.id)).toHaveLength(1);
  });

  it('refuses to retry a pending mail (409) and an unknown one (404)', async () => {
    await placeOrder();
    const pending = await newestMailOfKind('order-confirmation');
    expectError(mail.retryOutboxMail, await call(mail.retryOutboxMail, { mailId: pending.id }), 409);
    expectError(mail.retryOutboxMail, await call(mail.retryOutboxMail, { mailId: UNKNOWN_ID }), 404);
    expectError(mail.getOutboxMail, await call(mail.getOutboxMail, { mailId: UNKNOWN_ID }), 404);
    expectError(mail.getOutboxMail, await call(mail.getOutboxMail, { mailId: 'not-a-uuid' }), 400);
  });

  it('searches by state, kind, recipient and period, newest first, page by page', async () => {
    const all = expectOk(mail.getOutboxBySearch, await call(mail.getOutboxBySearch, { pageSize: 100 }));
    expect(all.totalCount).toBe(await testApp.db.$count(mailOutbox));
    const times = all.mails.map((row) => row.createdAt);
    expect([...times].sort().reverse()).toEqual(times);

    const pending = expectOk(mail.getOutboxBySearch, await call(mail.getOutboxBySearch, { state: 'pending' }));
    expect(pending.mails.length).toBeGreaterThan(0);
    expect(pending.mails.every((row) => row.state === 'pending' && row.nextAttemptAt !== null)).toBe(true);

    const copies = expectOk(
      mail.getOutboxBySearch,
      await call(mail.getOutboxBySearch, { kind: 'order-confirmation-copy', recipient: 'ACCOUNTS@' }),
    );
    expect(copies.mails.map((row) => row.toAddress)).toEqual(['accounts@example.test']);
    const noMatch = expectOk(mail.getOutboxBySearch, await call(mail.getOutboxBySearch, { recipient: '%' }));
    expect(noMatch.totalCount).toBe(0);

    const today = new Date().toISOString().slice(0, 10);
    const inPeriod = await call(mail.getOutboxBySearch, { createdFrom: today, createdTo: today, pageSize: 100 });
    expect(expectOk(mail.getOutboxBySearch, inPeriod).totalCount).toBe(all.totalCount);
    const before = await call(mail.getOutboxBySearch, { createdTo: '2020-01-01' });
    expect(expectOk(mail.getOutboxBySearch, before).totalCount).toBe(0);

    const byRecipient = await call(mail.getOutboxBySearch, {
      sortBy: 'toAddress',
      sortDirection: 'asc',
      pageSize: 100,
    });
    const addresses = expectOk(mail.getOutboxBySearch, byRecipient).mails.map((row) => row.toAddress);
    expect(addresses[0]).toBe('accounts@example.test');
    expect([...addresses].sort()).toEqual(addresses);

    const page2 = expectOk(mail.getOutboxBySearch, await call(mail.getOutboxBySearch, { pageSize: 2, pageNr: 2 }));
    expect(page2.mails.map((row) => row.id)).toEqual(all.mails.slice(2, 4).map((row) => row.id));
    expect(page2.totalCount).toBe(all.totalCount);

    const bad = await call(mail.getOutboxBySearch, { state: 'lost', pageSize: 500 });
    const error = expectError(mail.getOutboxBySearch, bad, 400);
    expect(error.errors?.map((fieldError) => fieldError.field).sort()).toEqual(['pageSize', 'state']);
  });

  it('has the receipt copy name the staff user who asked for it', async () => {
    const copy = await newestMailOfKind('order-confirmation-copy');
    const { mail: shown } = expectOk(mail.getOutboxMail, await call(mail.getOutboxMail, { mailId: copy.id }));
    expect(shown.requestedBy).toBe('ma-staff');
    expect(
      await testApp.db.$count(
        mailOutbox,
        and(eq(mailOutbox.kind, 'order-confirmation-copy'), eq(mailOutbox.id, copy.id)),
      ),
    ).toBe(1);
  });
});
