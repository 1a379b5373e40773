import { expectNoAxeViolations } from './support/accessibility.ts';
import { logIn } from './support/log-in.ts';
import { expect, type Locator, type Page, test } from './support/test.ts';

/**
 * The deal pages, /campaigns and the campaign banners (issue 27, spec §2 /campaigns /deals, §9 Carousel): /deals leads
 * to all deals, a deal page filters, sorts and pages like /search, anonymous visitors see deals but never a price or
 * a percentage, a buyer sees their campaigns with their levels lowest first, and the banner carousel rotates every
 * 5 s only while nobody reads it (WCAG 2.2.2): not under focus, not after "Pause", not under reduced motion.
 */

const PHONE = { width: 390, height: 844 };
/** A percentage as the shop writes one ("10 %", "12.5%"). */
const PERCENTAGE = /\d\s*%/;

function productCards(page: Page): Locator {
  return page.getByTestId('product-card');
}

function resultCount(page: Page): Locator {
  return page.getByTestId('result-count');
}

async function countOf(page: Page): Promise<number> {
  const text = (await resultCount(page).textContent()) ?? '';
  return Number(text.replace(/[^\d]/g, ''));
}

/** The global banners' carousel (eu-buyer: two banners tied to their campaigns and one for everyone). */
function globalCarousel(page: Page): Locator {
  return page.getByRole('region', { name: 'Campaigns', exact: true });
}

/** The one slide in the accessibility tree: the current one ("2 of 3"). */
function currentSlide(carousel: Locator): Locator {
  return carousel.getByRole('group');
}

test('/deals leads to all deals; an unknown deal type is the 404 page', async ({ page }) => {
  await page.goto('/deals');
  await expect(page).toHaveURL(/\/deals\/all-deals$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('All deals');
  await expect(
    page.getByRole('navigation', { name: 'Deals' }).getByRole('link', { name: 'All deals' }),
  ).toHaveAttribute('aria-current', 'page');
  await expect(productCards(page).first()).toBeVisible();

  const response = await page.goto('/deals/black-friday');
  expect(response?.status()).toBe(404);
});

test('an anonymous visitor sees the products on deal and a way to log in, never a price or a percentage', async ({
  page,
}) => {
  for (const path of ['/deals/all-deals', '/deals/campaign', '/deals/mix-and-match']) {
    await page.goto(path);
    const main = page.locator('main');
    await expect(productCards(page).first()).toBeVisible();
    expect(await countOf(page)).toBeGreaterThan(0);
    await expect(main.getByText('These products are on campaign.')).toBeVisible();
    // the banner for everyone shows; those stating their campaign's levels do not
    await expect(globalCarousel(page).getByRole('link', { name: 'Deals for trade customers' })).toBeVisible();
    await expect(page.locator('body')).not.toContainText(PERCENTAGE, { useInnerText: true });
    await expect(page.locator('body')).not.toContainText(/€|\$|\bEUR\b/, { useInnerText: true });
  }
  await expectNoAxeViolations(page);

  await page.goto('/campaigns');
  await expect(page.getByText('Log in to see your campaigns')).toBeVisible();
  await expect(page.locator('body')).not.toContainText(PERCENTAGE, { useInnerText: true });
  await page.getByRole('link', { name: 'See the products on campaign' }).click();
  await expect(page).toHaveURL(/\/deals\/all-deals$/);
});

test('a deal page filters by a facet, pages and sorts within the deals, as /search does', async ({ page }) => {
  await logIn(page, 'eu-buyer');
  await page.goto('/deals/campaign');
  await expect(productCards(page).first()).toBeVisible();
  const total = await countOf(page);
  expect(total).toBeGreaterThan(24);
  // a campaign deal page lists fewer products than the whole catalogue
  await page.goto('/search');
  expect(await countOf(page)).toBeGreaterThan(total);

  await page.goto('/deals/campaign');
  const firstPage = await productCards(page).getByRole('heading').allTextContents();
  await page.getByRole('link', { name: 'Next page' }).click();
  await expect(page).toHaveURL(/\/deals\/campaign\?p=2$/);
  await expect(productCards(page).first().getByRole('heading')).not.toHaveText(firstPage[0] ?? '');
  const secondPage = await productCards(page).getByRole('heading').allTextContents();
  expect(secondPage.filter((name) => firstPage.includes(name))).toEqual([]);

  const brand = page.getByRole('group', { name: 'Brand' }).getByRole('checkbox').first();
  await brand.check();
  await expect(page).toHaveURL(/\/deals\/campaign\?brand=/);
  await expect.poll(() => countOf(page)).toBeLessThan(total);
  await expect(page.getByRole('link', { name: /Remove filter Brand/ })).toBeVisible();

  await page.getByLabel('Sort by').selectOption({ label: 'Name A-Z' });
  await expect(page).toHaveURL(/[?&]s=name-asc/);
  // the cards follow once the new page has loaded
  await expect
    .poll(async () => {
      const names = await productCards(page).getByRole('heading').allTextContents();
      return names.join('|') === [...names].sort((a, b) => a.localeCompare(b, 'en')).join('|');
    })
    .toBe(true);
  // the deal pages' footer text (the area settings' plpCampaignFooterText) closes the list
  await expect(page.getByText(/^Campaign discounts come off your own net price\./)).toBeVisible();
});

test.describe('/campaigns for a buyer', () => {
  for (const viewport of [
    { name: 'desktop', size: { width: 1366, height: 900 } },
    { name: 'phone', size: PHONE },
  ]) {
    test(`lists the buyer's campaigns with period, levels lowest first and products (${viewport.name})`, async ({
      page,
    }) => {
      await logIn(page, 'eu-buyer');
      await page.setViewportSize(viewport.size);
      await page.goto('/campaigns');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Campaigns');
      const sections = page.locator('main section[aria-labelledby^="campaign-"]');
      await expect(sections.first()).toBeVisible();
      expect(await sections.count()).toBeGreaterThanOrEqual(2);
      // Alpine Boardshop's own campaign is among them (targeted at that customer by name)
      await expect(page.getByRole('heading', { name: /Alpine Boardshop/, level: 2 })).toBeVisible();

      for (const levels of await page.getByTestId('campaign-levels').allTextContents()) {
        const minimums = [...levels.matchAll(/from ([\d,]+) pcs/g)].map((match) => Number(match[1]?.replace(',', '')));
        expect(minimums.length, levels).toBeGreaterThan(0);
        expect(minimums, levels).toEqual([...minimums].sort((a, b) => a - b));
      }
      await expect(
        sections
          .first()
          .getByText(/^\d{1,2} \w{3} \d{4}$/)
          .first(),
      ).toBeVisible();
      await expect(sections.first().getByTestId('product-card').first()).toBeVisible();
      await expectNoAxeViolations(page);
    });
  }
});

test.describe('the banner carousel', () => {
  test('rotates every 5 s, stays while keyboard focus is inside, and stops for good by its pause button', async ({
    page,
  }) => {
    await page.clock.install();
    await logIn(page, 'eu-buyer');
    await page.goto('/campaigns');
    const carousel = globalCarousel(page);
    await expect(currentSlide(carousel)).toHaveAttribute('aria-label', '1 of 3');
    await expect(carousel).toHaveAttribute('data-rotating', 'true');
    await page.mouse.move(0, 0);
    await page.clock.runFor(5_000);
    await expect(currentSlide(carousel)).toHaveAttribute('aria-label', '2 of 3');

    // keyboard: Tab from the element before the carousel lands on its pause button; rotation stops while inside
    await carousel.getByRole('button', { name: 'Pause banners' }).focus();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await expect(carousel.getByRole('button', { name: 'Next banner' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(currentSlide(carousel)).toHaveAttribute('aria-label', '3 of 3');
    await expect(carousel).toHaveAttribute('data-rotating', 'false');
    await page.clock.runFor(15_000);
    await expect(currentSlide(carousel)).toHaveAttribute('aria-label', '3 of 3');
    // focus leaves: it rotates again
    await page.locator('main').focus();
    await expect(carousel).toHaveAttribute('data-rotating', 'true');
    await page.clock.runFor(5_000);
    await expect(currentSlide(carousel)).toHaveAttribute('aria-label', '1 of 3');

    // the pause button stops it after focus and pointer have left too
    await carousel.getByRole('button', { name: 'Pause banners' }).click();
    await expect(carousel.getByRole('button', { name: 'Play banners' })).toBeVisible();
    await page.mouse.move(0, 0);
    await page.locator('main').focus();
    await page.clock.runFor(20_000);
    await expect(currentSlide(carousel)).toHaveAttribute('aria-label', '1 of 3');
    await expect(carousel).toHaveAttribute('data-rotating', 'false');

    // the pointer over it pauses it too
    await carousel.getByRole('button', { name: 'Play banners' }).click();
    await expect(carousel).toHaveAttribute('data-rotating', 'false');
    await page.locator('main').focus();
    await carousel.hover();
    await page.clock.runFor(10_000);
    await expect(currentSlide(carousel)).toHaveAttribute('aria-label', '1 of 3');
    await expectNoAxeViolations(page);
  });

  test('does not rotate by itself under prefers-reduced-motion', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.clock.install();
    await logIn(page, 'eu-buyer');
    await page.goto('/deals/all-deals');
    const carousel = globalCarousel(page);
    await expect(carousel.getByRole('button', { name: 'Play banners' })).toBeVisible();
    await page.mouse.move(0, 0);
    await page.clock.runFor(20_000);
    await expect(currentSlide(carousel)).toHaveAttribute('aria-label', '1 of 3');
    // it still moves when asked
    await carousel.getByRole('button', { name: 'Next banner' }).click();
    await expect(currentSlide(carousel)).toHaveAttribute('aria-label', '2 of 3');
  });

  test('a banner tied to a campaign shows only to its customer; pods sit among the cards', async ({ page }) => {
    await logIn(page, 'eu-buyer');
    await page.goto('/deals/campaign');
    const pods = page.getByTestId('pod-banner');
    await expect(pods.first()).toBeVisible();
    await expect(pods.first()).toContainText(PERCENTAGE);
  });
});
