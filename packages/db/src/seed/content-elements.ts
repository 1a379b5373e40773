/**
 * Reusable elements of one area (spec §7 GetElementById: blocks addressed by id, included by pages) and the
 * first-visit modal (POST /api/Modal/GetModalRequest).
 */
import type { AreaFacts } from './content-area-facts.ts';
import type { SeedContentDocument } from './content-documents.ts';
import { bold, link, money, paragraph, toRuns } from './content-rich-text.ts';

/** Trade-show dates per area: the winter order days at each area's showroom. */
const TRADE_SHOW: Record<AreaFacts['areaId'], string> = {
  eu: 'Winter order days at our Copenhagen showroom, 19–21 January 2027: see the AW27 range and place your pre-orders with a show discount.',
  us: 'Winter order days at our Santa Monica showroom, 26–28 January 2027: see the AW27 range and place your pre-orders with a show discount.',
};

export function buildContentElements(facts: AreaFacts): SeedContentDocument[] {
  return [
    {
      key: 'free-freight-banner',
      url: null,
      title: 'Free freight banner',
      body: {
        kind: 'element',
        block: {
          id: 'free-freight-banner',
          type: 'banner',
          // The amounts follow the viewer's currency; the small-order surcharge is said where free freight is.
          text: toRuns([
            'Free standard freight on orders from ',
            money('freeFreightFrom'),
            ' of goods, excluding VAT. Orders under ',
            money('smallOrderSurchargeBelow'),
            ' carry a small-order surcharge of ',
            money('smallOrderSurchargeFee'),
            '.',
          ]),
          tone: 'info',
          callToAction: { label: 'Delivery terms', url: '/delivery' },
        },
      },
    },
    {
      key: 'b2b-account-banner',
      url: null,
      title: 'Trade account banner',
      body: {
        kind: 'element',
        block: {
          id: 'b2b-account-banner',
          type: 'banner',
          // prospects only: a buyer who is logged in has an account
          audience: 'anonymous',
          text: 'Not a customer yet? Open a trade account to see your prices and live stock, and order on 30 days’ credit.',
          tone: 'accent',
          callToAction: { label: 'Request an account', url: '/request-account' },
        },
      },
    },
    {
      key: 'trade-show-notice',
      url: null,
      title: 'Trade show notice',
      body: {
        kind: 'element',
        block: {
          id: 'trade-show-notice',
          type: 'banner',
          text: TRADE_SHOW[facts.areaId],
          tone: 'dark',
          callToAction: { label: 'Book a meeting', url: '/contact' },
        },
      },
    },
    {
      key: 'ordering-hours',
      url: null,
      title: 'Order cut-off and service hours',
      body: {
        kind: 'element',
        block: {
          id: 'ordering-hours',
          type: 'richText',
          heading: 'Order cut-off and service hours',
          content: [
            paragraph(
              'Orders placed before ',
              bold(facts.cutOffTime),
              ` leave ${facts.warehouse} the same ${facts.workingDay}.`,
            ),
            paragraph(
              `Customer service: ${facts.phone}, ${facts.openingHours}, or `,
              link('write to us', '/contact'),
              '.',
            ),
          ],
        },
      },
    },
    {
      key: 'first-visit',
      url: null,
      title: 'Welcome to Ridgeline Wholesale',
      body: {
        kind: 'modal',
        content: [
          paragraph(
            'This is the wholesale shop for board sports retailers. Prices and stock are shown after you log in.',
          ),
          paragraph(
            'Not a customer yet? ',
            link('Request a trade account', '/request-account'),
            ` and we reply within one ${facts.workingDay}.`,
          ),
        ],
        dismissLabel: 'Got it',
        frequency: 'once',
        version: 1,
        audience: 'anonymous',
        pathPrefixes: ['/'],
      },
    },
  ];
}
