import type { Order } from '@b2b/contract';
import { VAT_NOTES } from '@b2b/contract/vat-rules';
import { describe, expect, it } from 'vitest';
import { renderOrderConfirmation } from './order-confirmation-mail.ts';

const money = (amount: number) => ({ priceWithoutVat: amount, priceWithVat: amount * 1.25 });

const order: Order = {
  orderId: '11111111-1111-4111-8111-111111111111',
  orderNumber: 'SO-000007',
  cartId: '22222222-2222-4222-8222-222222222222',
  status: 'Placed',
  placedAt: '2026-11-20T10:00:00.000Z',
  currencyCode: 'XNOK',
  lines: [
    {
      id: '33333333-3333-4333-8333-333333333333',
      type: 'Product',
      parentId: null,
      productKey: { productId: 'P-1', variantId: 'P-1-01', unitOfMeasure: 'STK' },
      name: 'Deck <Pro>',
      quantity: 3,
      netUnitPrice: money(100),
      unitPrice: money(120),
      netLinePrice: money(300),
      linePrice: money(360),
      asgLineItemsAvailCust: 1,
      isBackorder: true,
      campaign: null,
    },
  ],
  shippingMethod: null,
  shippingAddress: null,
  paymentMethod: { paymentMethodId: 'invoice', name: 'Invoice', kind: 'Invoice' },
  comment: null,
  reference: 'PO-9',
  discount: money(60),
  shippingFee: money(0),
  totalNetPrice: 300,
  totalPrice: { priceWithoutVat: 300, priceWithVat: 375 },
  vat: { treatment: 'domestic', ratePercent: 25, label: 'VAT 25 %', note: null, customerVatNumber: null },
  isBackorder: true,
  assistedBy: null,
};

const names = { recipientName: 'Ada', customerName: 'Alpine Boardshop GmbH' };

describe('renderOrderConfirmation', () => {
  it('names the order, the reference, the backorder, the lines and the totals (XNOK shown as NOK)', () => {
    const mail = renderOrderConfirmation(order, names);
    expect(mail.subject).toBe('Order confirmation SO-000007');
    expect(mail.text).toContain('Dear Ada,');
    expect(mail.text).toContain('Your reference: PO-9');
    expect(mail.text).toContain('Some items are on backorder');
    expect(mail.text).toContain('3 × Deck <Pro> (P-1-01): 300.00 NOK — backorder');
    expect(mail.text).toContain('VAT 25 %: 75.00 NOK');
    expect(mail.text).toContain('Total incl. VAT: 375.00 NOK');
    expect(mail.text).not.toContain('sales rep');
  });

  it('names the campaign and level that priced a line, and what it took off', () => {
    const [line] = order.lines;
    if (!line) throw new Error('no line');
    const campaign = {
      campaignId: 'summer-mix',
      name: 'Summer mix & match',
      campaignType: 'MixMatch' as const,
      level: { minimumQuantity: 3, discountPercentage: 10 },
      discount: 30,
    };
    const mail = renderOrderConfirmation({ ...order, lines: [{ ...line, netLinePrice: money(270), campaign }] }, names);
    expect(mail.text).toContain(
      '3 × Deck <Pro> (P-1-01): 270.00 NOK — backorder — Summer mix & match −10 % (−30.00 NOK)',
    );
    expect(mail.html).toContain('Summer mix &#38; match −10 % (−30.00 NOK)');
  });

  it('states a 0 % rate with its ground: an export to Norway', () => {
    const exported: Order = {
      ...order,
      totalPrice: { priceWithoutVat: 300, priceWithVat: 300 },
      vat: {
        treatment: 'export',
        ratePercent: 0,
        label: 'VAT 0 % — export',
        note: VAT_NOTES.export,
        customerVatNumber: 'NO923456783MVA',
      },
    };
    const mail = renderOrderConfirmation(exported, names);
    expect(mail.text).toContain('VAT 0 % — export: 0.00 NOK');
    expect(mail.text).toContain('Total incl. VAT: 300.00 NOK');
    expect(mail.text).toContain('Export outside the EU, exempt from VAT (Article 146, Council Directive 2006/112/EC).');
  });

  it('says which sales rep placed the order for which customer when a rep placed it', () => {
    const assisted: Order = {
      ...order,
      assistedBy: { salesPersonName: 'Sam Lindqvist', sessionId: '44444444-4444-4444-8444-444444444444' },
    };
    const mail = renderOrderConfirmation(assisted, names);
    expect(mail.text).toContain('Placed by Sam Lindqvist (sales rep) for Alpine Boardshop GmbH.');
    expect(mail.html).toContain('<p>Placed by Sam Lindqvist (sales rep) for Alpine Boardshop GmbH.</p>');
  });

  it('escapes HTML', () => {
    const { html } = renderOrderConfirmation(order, { ...names, recipientName: 'Ada & Co' });
    expect(html).toContain('Deck &#60;Pro&#62;');
    expect(html).toContain('Ada &#38; Co');
    expect(html).not.toContain('<Pro>');
  });
});
