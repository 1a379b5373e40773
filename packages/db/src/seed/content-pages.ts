/**
 * The demo pages of one area (issue 10, spec §2 catch-all content pages): the home page, the shop front page, the
 * service pages (about, terms, contact, delivery, returns, request an account) and a landing page per root category
 * at the category's own URL. The copy is what a wholesale shop's buyers need to read; figures (fees, thresholds,
 * addresses) come from the area's facts. /campaigns is no content page: the storefront's route lists the customer's
 * campaigns from the campaigns themselves (issue 27).
 */
import type { ContentBlock, ContentDocumentBody, RichTextNode } from '@b2b/contract';
import type { RootCategoryId, SeedRootCategory } from './catalogue-data.ts';
import type { AreaFacts } from './content-area-facts.ts';
import type { ContentCatalogueFacts, SeedContentDocument } from './content-documents.ts';
import { heroImage, tileImage } from './content-images.ts';
import { bold, bulletList, heading, link, money, numberedList, paragraph } from './content-rich-text.ts';

type PageBody = Extract<ContentDocumentBody, { kind: 'page' }>;

function page(
  key: string,
  url: string,
  title: string,
  body: Omit<PageBody, 'kind' | 'categoryId' | 'template'> & Partial<Pick<PageBody, 'categoryId' | 'template'>>,
): SeedContentDocument {
  return {
    key,
    url,
    title,
    body: { kind: 'page', template: body.template ?? 'page', categoryId: body.categoryId ?? null, ...body },
  };
}

function richTextBlock(id: string, content: RichTextNode[], heading?: string): ContentBlock {
  return heading ? { id, type: 'richText', heading, content } : { id, type: 'richText', content };
}

/** What a landing page says about a root category, and the word its carousel searches for. */
type RootCopy = {
  heroHeading: string;
  heroText: string;
  /** The leaf the hero's button opens: the category most shops start with. */
  featuredLeaf: string;
  /** A search word every product of the carousel's kind has in its name (search matches name prefixes). */
  searchWord: string;
  carouselHeading: string;
  guide: RichTextNode[];
};

const ROOT_COPY: Record<RootCategoryId, RootCopy> = {
  skate: {
    heroHeading: 'Skate hardgoods that sell through',
    heroText: 'Decks, completes, trucks, wheels and bearings from Blacktop Boards, Kickflip Co., BB and more.',
    featuredLeaf: 'decks',
    searchWord: 'deck',
    carouselHeading: 'Decks in the range',
    guide: [
      heading('Stocking a skate wall'),
      paragraph(
        'Decks between 8.0" and 8.5" are the bulk of street sales; keep a few 7.75" decks for younger riders and 8.75"+ for bowl and transition skaters. ',
        'Completes sell best to first-time buyers and parents, so price them where a birthday budget lands.',
      ),
      bulletList(
        'Wheels: 52–54 mm in 99A–101A for street; 56 mm+ and softer urethane for cruising and rough ground.',
        'Trucks: match the axle width to the deck width (a 149 truck for an 8.25" deck).',
        'Bearings and griptape are add-on sales: keep them next to the till.',
      ),
    ],
  },
  snow: {
    heroHeading: 'Snow gear for the coming season',
    heroText:
      'Snowboards, bindings, boots, goggles, skis and gloves: pre-order now for delivery before the first snow.',
    featuredLeaf: 'snowboards',
    searchWord: 'snowboard',
    carouselHeading: 'Snowboards in the range',
    guide: [
      heading('Planning the winter season'),
      paragraph(
        'Pre-orders placed by the end of June are delivered from September. Restocking runs through the season while stock lasts; ',
        'the stock level on each product shows what is in the warehouse today and when more arrives.',
      ),
      bulletList(
        'Board lengths 150–158 cover most adult riders; add 146 for lighter riders and 160+ for tall riders.',
        'Sell boots and bindings together: a binding must fit the boot size, so check the size chart on the product page.',
        'Goggles and gloves turn over fastest once the lifts open: reorder them weekly in December and January.',
      ),
    ],
  },
  surf: {
    heroHeading: 'Surfboards, wetsuits and everything for the water',
    heroText: 'Boards, wetsuits, leashes, fins and traction pads from Tidebreak, Saltwater Supply, Lowtide and BB.',
    featuredLeaf: 'wetsuits',
    searchWord: 'wetsuit',
    carouselHeading: 'Wetsuits in the range',
    guide: [
      heading('What to stock for your water'),
      paragraph(
        'Wetsuit thickness follows the water temperature: 3/2 mm for spring and autumn, 4/3 mm and 5/4 mm with boots and gloves for winter. ',
        'Keep the full size run in black; colours sell in the middle sizes.',
      ),
      bulletList(
        'Leashes: the length should match the board (a 6 ft leash for a 6 ft board).',
        'Fins and traction pads are the add-on sale with every board.',
        'Boardshorts sell from April: pre-order them with the summer range.',
      ),
    ],
  },
  bike: {
    heroHeading: 'BMX, trail and the parts riders wear out',
    heroText:
      'BMX bikes, MTB frames, tyres, grips, pedals and jerseys from Vantage Bike Works, Gravel & Grit and more.',
    featuredLeaf: 'bmx-bikes',
    searchWord: 'tyre',
    carouselHeading: 'Tyres in the range',
    guide: [
      heading('The parts that keep riders coming back'),
      paragraph(
        'Tyres, grips and pedals wear out: riders who buy them once come back for them. Keep the common sizes in stock all year, ',
        'and use the stock level and new-stock date on each product to plan your reorders.',
      ),
      bulletList(
        'Frames are made to order by some brands: the new-stock date shows when they can ship.',
        'Jerseys sell with the season: order them with the spring range.',
      ),
    ],
  },
  apparel: {
    heroHeading: 'Apparel for the shop floor',
    heroText: 'Jackets, hoodies, T-shirts, pants, caps, beanies and socks from the brands your riders wear.',
    featuredLeaf: 'hoodies',
    searchWord: 'hoodie',
    carouselHeading: 'Hoodies in the range',
    guide: [
      heading('Building an apparel wall'),
      paragraph(
        'Apparel turns best when each style hangs in a full size run. Order S–XL in the ratio 1:2:2:1 and keep the ',
        'XS and XXL sizes for reorders once you see what your customers ask for.',
      ),
      bulletList(
        'Caps, beanies and socks are impulse buys: give them a spot near the till.',
        'The house brand BB gives the best margin on basics such as T-shirts and hoodies.',
      ),
    ],
  },
  protection: {
    heroHeading: 'Protection that riders actually wear',
    heroText: 'Helmets, knee and elbow pads, wrist guards and back protectors for skate, bike and snow.',
    featuredLeaf: 'helmets',
    searchWord: 'helmet',
    carouselHeading: 'Helmets in the range',
    guide: [
      heading('Selling protection'),
      paragraph(
        'Helmets and pads are often bought by parents together with a first board: stock them next to the completes. ',
        'Every helmet in the range is certified for its sport; the certification is listed on the product page.',
      ),
      bulletList(
        'Pad sizes run S–XL; kids sizes sell fastest in spring and before the summer holidays.',
        'Back protectors for snow are sold from October: pre-order them with the snow range.',
      ),
    ],
  },
};

function buildHomePage(facts: AreaFacts, tree: readonly SeedRootCategory[], catalogue: ContentCatalogueFacts) {
  return page('home', '/', 'Ridgeline Wholesale – board sports for independent retailers', {
    template: 'frontpage',
    description: `Wholesale skate, snow, surf and bike gear, apparel and protection for retailers in ${facts.areaId === 'eu' ? 'Europe' : 'the USA and Canada'}: 14 brands, stock shown live, free standard freight on larger orders.`,
    blocks: [
      {
        id: 'hero',
        type: 'hero',
        audience: 'anonymous',
        heading: 'Board sports wholesale for independent retailers',
        text: `Skate, snow, surf and bike gear from 14 brands, shipped from ${facts.warehouse}. Log in to see your prices and live stock.`,
        image: heroImage('home'),
        callToAction: { label: 'Browse the range', url: '/shop' },
      },
      {
        id: 'hero-customer',
        type: 'hero',
        audience: 'logged-in',
        heading: 'Board sports wholesale for independent retailers',
        text: `Skate, snow, surf and bike gear from 14 brands, shipped from ${facts.warehouse}. Your prices and live stock are on every product; orders placed before ${facts.cutOffTime} leave the same ${facts.workingDay}.`,
        image: heroImage('home'),
        callToAction: { label: 'Browse the range', url: '/shop' },
      },
      {
        id: 'categories',
        type: 'categoryTiles',
        heading: 'Shop by category',
        tiles: tree.map((root) => ({ categoryId: root.id, image: tileImage(root.id) })),
      },
      {
        id: 'new-arrivals',
        type: 'productCarousel',
        heading: 'New arrivals',
        productIds: [...catalogue.newArrivalIds],
        take: Math.max(1, Math.min(12, catalogue.newArrivalIds.length)),
        viewAllUrl: '/search',
      },
      { id: 'free-freight', type: 'element', elementId: 'free-freight-banner' },
      richTextBlock(
        'why-ridgeline',
        [
          paragraph(
            'We supply independent board sports shops, and nothing else. That shapes how we work: ',
            bold('order any quantity'),
            ' (goods under ',
            money('smallOrderSurchargeBelow'),
            ' carry a small-order surcharge of ',
            money('smallOrderSurchargeFee'),
            '), free standard freight from ',
            money('freeFreightFrom'),
            ', and payment on account 30 days net once your account is approved.',
          ),
          bulletList(
            'Live stock on every product and variant, with the date new stock arrives.',
            `Orders placed before ${facts.cutOffTime} leave ${facts.warehouse} the same ${facts.workingDay}.`,
            [
              'Invoices, credit memos and your order history in the ',
              link('customer center', '/customer-center'),
              ', with reorder in one click.',
            ],
            'A named sales rep who can place orders for you by phone.',
          ),
        ],
        'Why buy from Ridgeline',
      ),
      {
        id: 'faq',
        type: 'faq',
        heading: 'Frequently asked questions',
        items: [
          {
            question: 'Who can buy here?',
            answer: [
              paragraph(
                'Registered businesses that resell board sports products: shops, online retailers, rental shops and schools. ',
                link('Request an account', '/request-account'),
                ' and we reply within one working day.',
              ),
            ],
          },
          {
            question: 'Why can’t I see prices?',
            answer: [
              paragraph(
                'Prices depend on your customer agreement, so they show once you log in. Every account has its own price group and currency.',
              ),
            ],
          },
          {
            question: 'What does a small order cost?',
            answer: [
              paragraph(
                'Orders with goods under ',
                money('smallOrderSurchargeBelow'),
                ' (excluding VAT, after your discounts) carry a small-order surcharge of ',
                money('smallOrderSurchargeFee'),
                '. Standard freight is free from ',
                money('freeFreightFrom'),
                ' of goods; below that the fee of the shipping method you choose applies. Your cart shows both, and how much more to add, before you order. See ',
                link('delivery', '/delivery'),
                '.',
              ),
            ],
          },
          {
            question: 'How do I pay?',
            answer: [
              paragraph(
                'Approved accounts pay on invoice, 30 days net from the invoice date. You can also pay by card at checkout. See the ',
                link('terms of trade', '/terms'),
                '.',
              ),
            ],
          },
          {
            question: 'How do I return goods?',
            answer: [
              paragraph(
                'Ask us for a return authorisation first; we credit the goods once they are back and checked. See ',
                link('returns', '/returns'),
                '.',
              ),
            ],
          },
        ],
      },
      { id: 'account', type: 'element', elementId: 'b2b-account-banner' },
    ],
  });
}

function buildShopPage(tree: readonly SeedRootCategory[]) {
  return page('shop', '/shop', 'Shop', {
    template: 'frontpage',
    description: 'The whole Ridgeline range by category: skate, snow, surf, bike, apparel and protection.',
    blocks: [
      {
        id: 'categories',
        type: 'categoryTiles',
        heading: 'Categories',
        tiles: tree.map((root) => ({ categoryId: root.id, image: tileImage(root.id) })),
      },
      ...tree.map(
        (root): ContentBlock => ({
          id: `carousel-${root.id}`,
          type: 'productCarousel',
          heading: ROOT_COPY[root.id].carouselHeading,
          searchQuery: ROOT_COPY[root.id].searchWord,
          take: 8,
          viewAllUrl: `/${root.id}`,
        }),
      ),
    ],
  });
}

function addressParagraph(facts: AreaFacts): RichTextNode {
  return paragraph(bold(facts.companyName), ` · ${facts.addressLines.join(' · ')}`);
}

function buildAboutPage(facts: AreaFacts) {
  return page('about', '/about', 'About Ridgeline Wholesale', {
    description:
      'Ridgeline Wholesale distributes board sports brands to independent retailers in Europe and North America.',
    blocks: [
      richTextBlock(
        'about',
        [
          paragraph(
            'Ridgeline Wholesale distributes skate, snow, surf and bike products, apparel and protection to independent shops. ',
            'We carry 14 brands, among them Blacktop Boards, Tidebreak, Apex Alpine and Vantage Bike Works, and our own house brand BB.',
          ),
          paragraph(
            'We sell to businesses only. Our customers are specialist shops, online retailers, rental shops and schools, and we keep the range deep rather than wide so you can reorder the sizes that sell.',
          ),
          heading('How we work'),
          bulletList(
            'Live stock and new-stock dates on every variant, so you know what ships today.',
            'Prices per customer group, shown after login, in your own currency.',
            'Payment on account, 30 days net, for approved customers.',
            'A sales rep for every region, who can also place orders on your behalf.',
          ),
          heading('Where we are'),
          addressParagraph(facts),
          paragraph(`Phone ${facts.phone} · ${facts.openingHours}.`),
        ],
        'About us',
      ),
      { id: 'account', type: 'element', elementId: 'b2b-account-banner' },
    ],
  });
}

function buildTermsPage(facts: AreaFacts) {
  const days = facts.workingDays;
  return page('terms', '/terms', 'Terms of trade', {
    description: `The terms of trade of ${facts.companyName}: accounts, prices, payment 30 days net, delivery, returns and liability.`,
    blocks: [
      richTextBlock(
        'terms',
        [
          paragraph(
            `These terms apply to every order placed with ${facts.companyName} (“Ridgeline”, “we”) by a business customer (“you”). `,
            'We sell to businesses only; no consumer sales are made through this shop.',
          ),
          heading('1. Customer account'),
          paragraph(
            'An account is opened after we have checked your business details (company registration and VAT or tax number). ',
            'You are responsible for the logins of your staff and for orders placed with them.',
          ),
          heading('2. Prices'),
          paragraph(
            `Prices are in your account’s currency and exclude VAT and sales tax. They follow the price group agreed for your account and are shown after login. `,
            'The price that applies is the one shown when the order is placed. Recommended retail prices are guidance only.',
          ),
          heading('3. Orders'),
          paragraph(
            'Orders with goods under ',
            money('smallOrderSurchargeBelow'),
            ' (excluding VAT, after your discounts) carry a small-order surcharge of ',
            money('smallOrderSurchargeFee'),
            ', shown in the cart before you order. An order is binding when you receive our order confirmation by e-mail. ',
            'Items shown as on backorder are delivered when the new stock arrives; you may cancel a backordered line until it ships.',
          ),
          heading('4. Payment'),
          bulletList(
            [bold('Payment terms: 30 days net'), ' from the invoice date for approved accounts, without deduction.'],
            'Card payment is charged when the order is placed.',
            `Late payment carries ${facts.latePaymentInterest}.`,
            'We may hold further deliveries while an invoice is overdue.',
          ),
          heading('5. Delivery'),
          paragraph(
            `Delivery times are estimates: orders placed before ${facts.cutOffTime} on a ${facts.workingDay} leave ${facts.warehouse} the same day. `,
            'Standard freight is free from ',
            money('freeFreightFrom'),
            ' of goods per order; otherwise the fee shown at checkout applies. ',
            'Risk passes to you on delivery; ownership passes when the invoice is paid in full.',
          ),
          heading('6. Claims and warranty'),
          paragraph(
            `Check deliveries on arrival and report visible damage or missing items within 5 ${days}. `,
            'Manufacturing defects are covered for 24 months from delivery to you; we repair, replace or credit the product at our choice.',
          ),
          heading('7. Returns of unsold goods'),
          paragraph(
            'Unsold, undamaged goods in their original packaging may be returned within 30 days of delivery with a return authorisation; a 10 % restocking fee applies. See ',
            link('returns', '/returns'),
            '.',
          ),
          heading('8. Liability'),
          paragraph(
            'Our liability for a delivery is limited to its invoiced value. We are not liable for indirect loss such as lost profit, or for delays caused by events beyond our control.',
          ),
          heading('9. Law and disputes'),
          paragraph(`These terms are governed by ${facts.governingLaw}.`),
        ],
        'Terms of trade',
      ),
    ],
  });
}

function buildContactPage(facts: AreaFacts) {
  return page('contact', '/contact', 'Contact us', {
    description: `Contact ${facts.companyName}: customer service, sales and returns.`,
    blocks: [
      richTextBlock(
        'contact-details',
        [
          paragraph(
            `Customer service answers by phone on ${facts.phone} (${facts.openingHours}) and through the form below; we reply within one ${facts.workingDay}.`,
          ),
          bulletList(
            [
              'Orders, deliveries and invoices: ',
              link('service@ridgeline.example', 'mailto:service@ridgeline.example'),
            ],
            ['New accounts and sales: ', link('sales@ridgeline.example', 'mailto:sales@ridgeline.example')],
            ['Returns and claims: use the form and choose “Returns and claims”.'],
          ),
          addressParagraph(facts),
        ],
        'Contact us',
      ),
      { id: 'contact-form', type: 'form', formId: 'contact' },
    ],
  });
}

function buildDeliveryPage(facts: AreaFacts) {
  return page('delivery', '/delivery', 'Delivery', {
    description:
      'Shipping methods, fees and delivery times, free standard freight and the small-order surcharge, in your currency.',
    blocks: [
      richTextBlock(
        'delivery',
        [
          paragraph(
            `Every order ships from ${facts.warehouse}. Orders placed before ${facts.cutOffTime} on a ${facts.workingDay} leave the same day; later orders the next ${facts.workingDay}.`,
          ),
        ],
        'Delivery',
      ),
      // The methods, fees and thresholds in the viewer's currency, as checkout charges them.
      { id: 'shipping-methods', type: 'shippingMethods', heading: 'Shipping methods' },
      richTextBlock('delivery-terms', [
        paragraph(
          'Fees are per order and exclude VAT. Standard freight is free from ',
          money('freeFreightFrom'),
          ' of goods: the threshold counts the goods after your discounts and before VAT.',
        ),
        heading('Small orders'),
        paragraph(
          'Orders with goods under ',
          money('smallOrderSurchargeBelow'),
          ' (excluding VAT, after your discounts) carry a small-order surcharge of ',
          money('smallOrderSurchargeFee'),
          ', excluding VAT. Your cart shows it, and how much more to add to avoid it, before you order.',
        ),
        heading('Where we deliver'),
        paragraph(`${facts.countries.join(', ')}.`),
        heading('Backorders'),
        paragraph(
          'A line you order beyond the stock available is placed on backorder and ships, without further freight cost, when the new stock arrives. The product page shows the date.',
        ),
      ]),
    ],
  });
}

function buildReturnsPage(facts: AreaFacts) {
  return page('returns', '/returns', 'Returns and claims', {
    description: 'How to return unsold goods and claim for damaged or faulty products.',
    blocks: [
      richTextBlock(
        'returns',
        [
          paragraph(
            'Please do not send goods back without a return authorisation (RA): a parcel without one cannot be matched to your account.',
          ),
          heading('How to return goods'),
          numberedList(
            [
              'Ask for a return authorisation through the ',
              link('contact form', '/contact'),
              ' (subject “Returns and claims”) with your order number, the items and the reason.',
            ],
            `We reply within one ${facts.workingDay} with an RA number and, for claims, a prepaid label.`,
            'Pack the goods in their original packaging and write the RA number on the outside of the parcel.',
            `Once the goods are back and checked (within 5 ${facts.workingDays}), we issue a credit memo; you find it under Credit memos in the customer center.`,
          ),
          heading('What we accept'),
          bulletList(
            'Unsold, undamaged goods in their original packaging within 30 days of delivery; a 10 % restocking fee applies and you pay the return freight.',
            `Wrong or missing items, and goods damaged in transport: reported within 5 ${facts.workingDays} of delivery; we pay the freight.`,
            'Manufacturing defects within 24 months of delivery: we repair, replace or credit the product.',
          ),
          heading('Return address'),
          addressParagraph(facts),
        ],
        'Returns and claims',
      ),
    ],
  });
}

function buildRequestAccountPage(facts: AreaFacts) {
  return page('request-account', '/request-account', 'Request a trade account', {
    description: 'Open a Ridgeline trade account: see your prices and live stock, and order on account.',
    blocks: [
      richTextBlock(
        'intro',
        [
          paragraph(
            'Trade accounts are for businesses that resell board sports products. Tell us about your business and we reply within one ',
            facts.workingDay,
            '.',
          ),
          bulletList(
            'Your prices and live stock on every product.',
            'Payment on account, 30 days net, once your credit is approved.',
            'Order history, invoices and credit memos in the customer center.',
          ),
        ],
        'Request a trade account',
      ),
      { id: 'request-account-form', type: 'form', formId: 'request-account' },
    ],
  });
}

/**
 * A page for logged-in customers only (issue 29, `visibleTo`): how to order faster with the account's tools. A visitor
 * who is not logged in gets the storefront's Forbidden page with a way to log in; the sitemap leaves it out.
 */
function buildOrderingGuidePage() {
  return page('ordering-guide', '/ordering-guide', 'Ordering guide for account holders', {
    description: 'Quick order, Instant Excel, favourite lists and reorders: the fastest ways to order on your account.',
    visibleTo: 'logged-in',
    blocks: [
      richTextBlock(
        'ordering-guide',
        [
          paragraph('Your trade account has several ways to fill a cart faster than browsing the catalogue.'),
          heading('Instant Excel'),
          paragraph(
            'Paste item numbers and quantities, or upload a spreadsheet or CSV file, and check the lines before they go into your cart. ',
            'Download your personalised order sheet there too. Open ',
            link('Instant Excel', '/customer-center/instant-excel'),
            '.',
          ),
          heading('Favourite lists'),
          paragraph(
            'Mark products with the heart to keep them in a list, and add a whole list to your cart at once. See ',
            link('your favourite lists', '/customer-center/favorite-list'),
            '.',
          ),
          heading('Reorder'),
          paragraph(
            'Every order in ',
            link('your order history', '/customer-center/orders'),
            ' can be put into your cart again; prices and stock are those of today.',
          ),
          heading('Invoices and credit memos'),
          paragraph(
            'Download them as PDF files, one or several at a time, under ',
            link('Invoices', '/customer-center/invoices'),
            ' and ',
            link('Credit memos', '/customer-center/credit-memos'),
            '.',
          ),
        ],
        'Ordering guide',
      ),
    ],
  });
}

/**
 * A page for sales reps only (issue 29, `visibleTo`): how to act for a customer. A buyer who opens it gets the
 * Forbidden page; reps and back-office staff see it.
 */
function buildSalesDeskPage() {
  return page('sales-desk', '/sales-desk', 'Sales desk: acting for a customer', {
    description:
      'For sales reps: how to order for one of your customers, and where every assisted session is recorded.',
    visibleTo: 'sales-reps',
    blocks: [
      richTextBlock(
        'sales-desk',
        [
          paragraph('As a sales rep you order for a customer of your book by acting for them in the shop.'),
          numberedList(
            ['Open ', link('Act for a customer', '/customer-center/impersonation'), ' and find the customer.'],
            'Give the reason for the session (the customer sees it).',
            'Shop, fill the cart and check out as the customer would; a banner on every page says for whom you act.',
            'Press End in the banner when you are done.',
          ),
          heading('What is recorded'),
          paragraph(
            'Every change you make for a customer is recorded with the session, and orders you place say so. ',
            'The customer sees the sessions under Assisted sessions; you see yours under ',
            link('My assisted sessions', '/customer-center/impersonation/sessions'),
            '.',
          ),
        ],
        'Sales desk',
      ),
    ],
  });
}

/**
 * A root category's landing page: shown above the category's own listing (which already lists the leaves), so it
 * carries a hero, a carousel and a short buying guide rather than tiles of the leaves.
 */
function buildLandingPage(root: SeedRootCategory): SeedContentDocument {
  const copy = ROOT_COPY[root.id];
  const featured = root.children.find((leaf) => leaf.slug === copy.featuredLeaf) ?? root.children[0];
  if (!featured) throw new Error(`seed: root category ${root.id} has no leaves`);
  return page(`landing-${root.id}`, `/${root.id}`, `${root.name} wholesale`, {
    template: 'landing',
    categoryId: root.id,
    description: `${root.name} for retailers: ${root.children.map((leaf) => leaf.name.toLowerCase()).join(', ')}.`,
    blocks: [
      {
        id: 'hero',
        type: 'hero',
        heading: copy.heroHeading,
        text: copy.heroText,
        image: heroImage(root.id),
        callToAction: { label: `Shop ${featured.name.toLowerCase()}`, url: `/${root.id}/${featured.slug}` },
      },
      {
        id: 'carousel',
        type: 'productCarousel',
        heading: copy.carouselHeading,
        searchQuery: copy.searchWord,
        take: 12,
        viewAllUrl: `/${root.id}/${featured.slug}`,
      },
      richTextBlock('guide', copy.guide),
    ],
  });
}

/** The pages of one area. */
export function buildContentPages(
  facts: AreaFacts,
  tree: readonly SeedRootCategory[],
  catalogue: ContentCatalogueFacts,
): SeedContentDocument[] {
  return [
    buildHomePage(facts, tree, catalogue),
    buildShopPage(tree),
    buildAboutPage(facts),
    buildTermsPage(facts),
    buildContactPage(facts),
    buildDeliveryPage(facts),
    buildReturnsPage(facts),
    buildRequestAccountPage(facts),
    buildOrderingGuidePage(),
    buildSalesDeskPage(),
    ...tree.map(buildLandingPage),
  ];
}
