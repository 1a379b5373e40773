import type { AreaInfo, Product } from '@b2b/contract';
import { cartEndpoints } from '@b2b/contract/endpoints/cart';
import { productEndpoints } from '@b2b/contract/endpoints/product';
import { expectNoAxeViolations } from './support/accessibility.ts';
import { callApi, logInToApi } from './support/shop-api.ts';
import { type APIRequestContext, expect, type Page, type Request, test } from './support/test.ts';

/**
 * A listing card's variant choice (issue 24): the card chooses no variant for the buyer (a red helmet's card said
 * "M · Yellow"), Add to cart without a choice asks for one, the picture follows the colour chosen, and the mini-cart
 * shows the line's colour in its picture as in its words. On a phone the choice fits the narrow card. eu-buyer's cart
 * is emptied first, so the mini-cart holds this test's line alone.
 */

const BUYER = { username: 'eu-buyer', password: 'demo' };
const AREA: AreaInfo = { areaId: 'eu', languageCode: 'en-GB', currencyCode: 'EUR' };
const PHONE = { width: 390, height: 844 };

type ColourfulProduct = {
  product: Product;
  variant: Product['variants'][number];
  colourImage: Product['media'][number];
};

/** The last part of an image's URL, its stored path: the resized renderings (`/images/…/{b64Path}`) end with it. */
function storedPathOf(url: string): string {
  return url.split('/').at(-1) ?? '';
}

/**
 * A product with a picture per colour (the alt text names it) whose main picture is of another colour than one of its
 * variants in stock: choosing that variant must change the card's picture.
 */
async function findColourfulProduct(request: APIRequestContext): Promise<ColourfulProduct> {
  const { items } = await callApi(request, productEndpoints.getProductsBySearch, {
    body: { area: AREA, facets: [], skip: 0, take: 100, search: 'helmet' },
  });
  for (const { item: product } of items) {
    const [main] = product.media;
    const variant = product.variants.find(
      (candidate) => candidate.stockLevel > 0 && candidate.colour && !main?.alt.endsWith(`, ${candidate.colour}`),
    );
    const colourImage = product.media.find((image) => variant && image.alt.endsWith(`, ${variant.colour}`));
    const hasSeveralSizes = new Set(product.variants.map((candidate) => candidate.size)).size > 1;
    if (variant && colourImage && hasSeveralSizes) return { product, variant, colourImage };
  }
  throw new Error('no helmet with a picture per colour and a variant in stock of another colour than its main picture');
}

async function emptyCart(request: APIRequestContext): Promise<void> {
  const token = await logInToApi(request, BUYER, AREA);
  const { cart } = await callApi(request, cartEndpoints.getOrCreateCart, { token, body: { area: AREA } });
  await callApi(request, cartEndpoints.emptyCart, { token, body: { area: AREA, cartId: cart.cartId } });
}

async function logIn(page: Page): Promise<void> {
  await page.goto('/login');
  await page.getByRole('textbox', { name: 'Username' }).fill(BUYER.username);
  await page.getByLabel('Password', { exact: true }).fill(BUYER.password);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await page.waitForURL((url) => url.pathname !== '/login');
}

/** Records the storefront's cart actions (POST /cart) while `run` works. */
async function cartPosts(page: Page, run: () => Promise<void>): Promise<Request[]> {
  const posts: Request[] = [];
  const listener = (request: Request) => {
    if (request.method() === 'POST' && /^\/cart(\.data)?$/.test(new URL(request.url()).pathname)) posts.push(request);
  };
  page.on('request', listener);
  await run();
  page.off('request', listener);
  return posts;
}

test("a card chooses no variant; its picture, and the mini-cart line's, follow the colour the buyer chooses", async ({
  page,
  request,
}) => {
  const { product, variant, colourImage } = await findColourfulProduct(request);
  const [mainImage] = product.media;
  if (!mainImage) throw new Error('no main image');
  await emptyCart(request);
  await logIn(page);
  await page.goto(`/search?q=${product.id}`);
  const card = page.getByTestId('product-card').filter({ hasText: product.name });
  const select = card.getByLabel(/^Variant/);
  const picture = card.getByTestId('product-card-image');

  await test.step('nothing chosen: the prompt, the main picture', async () => {
    await expect(select).toHaveValue('');
    await expect(select.locator('option:checked')).toHaveText('Choose…');
    await expect(picture).toHaveAttribute('alt', mainImage.alt);
  });

  await test.step('Add to cart without a choice asks for one at the select, and adds nothing', async () => {
    const posts = await cartPosts(page, async () => {
      await card.getByRole('button', { name: /^Add to cart/ }).click();
      await expect(card.getByTestId('variant-choice-missing')).toHaveText('Choose a size/colour first.');
    });
    expect(posts).toHaveLength(0);
    await expect(select).toBeFocused();
    await expect(select).toHaveAttribute('aria-invalid', 'true');
    await expect(select).toHaveAccessibleDescription('Choose a size/colour first.');
    await expectNoAxeViolations(page);
  });

  await test.step("choosing a variant shows its colour's picture and its stock", async () => {
    await select.selectOption(variant.id);
    await expect(card.getByTestId('variant-choice-missing')).toHaveCount(0);
    await expect(picture).toHaveAttribute('alt', colourImage.alt);
    await expect(picture).toHaveAttribute('src', new RegExp(`/${storedPathOf(colourImage.url)}$`));
    await expect(card.getByTestId('variant-choice-stock')).toHaveText(/^(In|Low) stock/);
  });

  await test.step("the mini-cart's line shows the colour it names", async () => {
    await card.getByRole('button', { name: /^Add to cart/ }).click();
    await expect(card.getByTestId('add-to-cart-status')).toHaveText('Added to cart.');
    await page.getByRole('banner').getByRole('button', { name: /^Cart/ }).click();
    const line = page.getByTestId('mini-cart').getByTestId('mini-cart-line');
    await expect(line).toHaveCount(1);
    await expect(line.getByTestId('cart-line-variant')).toContainText(`Colour ${variant.colour}`);
    await expect(line.getByTestId('cart-line-image')).toHaveAttribute(
      'src',
      new RegExp(`/${storedPathOf(colourImage.url)}$`),
    );
    await expectNoAxeViolations(page);
  });
});

test.describe('phone', () => {
  test.use({ viewport: PHONE });

  test("the choice fits the phone's narrow card, a long name whole in its title; the picture follows", async ({
    page,
    request,
  }) => {
    const { product, variant, colourImage } = await findColourfulProduct(request);
    await logIn(page);
    await page.goto(`/search?q=${product.id}`);
    const card = page.getByTestId('product-card').filter({ hasText: product.name });
    const select = card.getByLabel(/^Variant/);
    await expect(select).toHaveValue('');

    /** How wide the chosen option's text is, and the room the select gives it beside its arrow. */
    const textAndRoom = () =>
      select.evaluate((element: HTMLSelectElement) => {
        const style = getComputedStyle(element);
        const context = document.createElement('canvas').getContext('2d');
        if (!context) throw new Error('no canvas');
        context.font = style.font;
        const arrow = 20;
        return {
          text: context.measureText(element.selectedOptions[0]?.text ?? '').width,
          room:
            element.clientWidth - Number.parseFloat(style.paddingLeft) - Number.parseFloat(style.paddingRight) - arrow,
          overflow: style.textOverflow,
        };
      });
    const prompt = await textAndRoom();
    expect(prompt.text, 'the prompt fits').toBeLessThanOrEqual(prompt.room);

    await select.selectOption(variant.id);
    await expect(card.getByTestId('product-card-image')).toHaveAttribute('alt', colourImage.alt);
    const chosenName = (await select.locator('option:checked').textContent()) ?? '';
    await expect(select).toHaveAttribute('title', chosenName);
    const chosen = await textAndRoom();
    expect(chosen.text, 'the name of a variant in stock fits').toBeLessThanOrEqual(chosen.room);
    // a longer name ("… (out of stock)") ends in an ellipsis, not cut mid-letter; the title and the open list show it
    expect(chosen.overflow).toBe('ellipsis');
    await expectNoAxeViolations(page);
  });
});
