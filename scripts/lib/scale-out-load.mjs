/**
 * The mixed load of the scale-out test (scripts/scale-out.mjs, ADR 040): logged-in buyers of the demo seed, each
 * doing what a buyer does with the storefront's own pages and form posts (as a browser without JavaScript sends them,
 * with the shop's Origin): a search page, a product page with its prices, add to cart (the variant matrix's
 * `add-lines`), change a quantity on /cart, and now and then /checkout and its place-order form with the page's
 * Idempotency-Key. Anonymous visitors browse search and product pages beside them.
 *
 * What a client may retry (the only retry besides the proxy's own): a request whose connection died without an answer,
 * or whose instance died under it (the proxy then answers its own 502 and, for a POST, never re-sends it itself), is
 * sent once more, unchanged, as a buyer pressing the button again would; a place-order form carries the same
 * Idempotency-Key again, so the order is placed once. Anything else that is not the page's expected answer, a 5xx
 * from an instance included, is a failed request.
 */
import { runPsql } from './postgres-cluster.mjs';

const BUYERS = ['eu-buyer', 'us-buyer', 'nok-buyer'];
const ANONYMOUS_VISITORS = 2;
const SEARCH_TERMS = ['helmet', 'wheels', 'wetsuit', 'gloves', 'deck', 'hoodie', 'goggles', 'bearings', 'leash'];
const USER_AGENT = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36';
/** nginx's own error page (an answer no instance gave). */
const PROXY_ERROR_PAGE = /<center>nginx\/[\d.]+<\/center>/;

function pick(list, index) {
  return list[index % list.length];
}

function decodeEntities(text) {
  return text.replaceAll('&quot;', '"').replaceAll('&amp;', '&');
}

/** One session: its cookies, kept as a browser keeps them. */
function createBrowser(shopUrl) {
  const cookies = new Map();
  return {
    cookieHeader: () => [...cookies].map(([name, value]) => `${name}=${value}`).join('; '),
    remember(response) {
      for (const line of response.headers.getSetCookie()) {
        const [pair = ''] = line.split(';');
        const separator = pair.indexOf('=');
        const name = pair.slice(0, separator).trim();
        const value = pair.slice(separator + 1).trim();
        if (!value || /max-age=0/i.test(line)) cookies.delete(name);
        else cookies.set(name, value);
      }
    },
    origin: new URL(shopUrl).origin,
  };
}

/**
 * Runs the load for `seconds` and resolves with its counts: requests, failures, client re-sends, the orders the
 * buyers saw confirmed; `checkOrders` compares them with the database.
 */
export async function runLoad({ shopUrl, seconds, label }) {
  const counts = { requests: 0, failed: 0, resent: 0, orders: 0 };
  const failures = [];
  /** The requests the client sent a second time, and why. */
  const resent = [];
  const confirmedCarts = new Set();
  const stopAt = performance.now() + seconds * 1000;
  let started = 0;

  /** One request with the client's retry rule; resolves with the answer, or undefined when it failed. */
  async function send(browser, method, path, { form, expect = [200], kind }) {
    for (let attempt = 1; ; attempt += 1) {
      let problem;
      try {
        const response = await fetch(`${shopUrl}${path}`, {
          method,
          redirect: 'manual',
          headers: {
            'user-agent': USER_AGENT,
            accept: 'text/html',
            cookie: browser.cookieHeader(),
            ...(form ? { origin: browser.origin, 'content-type': 'application/x-www-form-urlencoded' } : {}),
          },
          body: form ? new URLSearchParams(form).toString() : undefined,
          signal: AbortSignal.timeout(60_000),
        });
        const body = await response.text();
        browser.remember(response);
        if (expect.includes(response.status)) {
          counts.requests += 1;
          return { status: response.status, body, location: response.headers.get('location') ?? '' };
        }
        problem = `${response.status}`;
        if (!(response.status === 502 && PROXY_ERROR_PAGE.test(body))) {
          counts.requests += 1;
          return fail(kind, path, `${problem}: ${body.replace(/\s+/g, ' ').slice(0, 160)}`);
        }
        problem = '502 from the proxy (the instance died with the request)';
      } catch (error) {
        problem = `no answer (${error?.cause?.code ?? error?.name ?? error})`;
      }
      if (attempt === 2) {
        counts.requests += 1;
        return fail(kind, path, problem);
      }
      counts.resent += 1;
      if (resent.length < 20) resent.push(`${kind} ${method} ${path.split('?')[0]}: ${problem}`);
    }
  }

  function fail(kind, path, problem) {
    counts.failed += 1;
    if (failures.length < 20) failures.push(`${kind} ${path}: ${problem}`);
    return undefined;
  }

  async function logIn(browser, username) {
    const answer = await send(browser, 'POST', '/login', {
      form: { username, password: 'demo', redirect: '/' },
      expect: [302],
      kind: 'login',
    });
    if (!answer) throw new Error(`${label}: ${username} could not log in: ${failures.at(-1)}`);
  }

  /** A search page and one of the products it lists; the product's keys (product and variant ids) for the cart. */
  async function browse(browser, round) {
    const term = pick(SEARCH_TERMS, round);
    const search = await send(browser, 'GET', `/search?q=${term}`, { kind: 'search' });
    if (!search) return undefined;
    const links = [...search.body.matchAll(/href="(\/p\/[a-z0-9-]+)"/g)].map((match) => match[1]);
    if (links.length === 0) return fail('search', `/search?q=${term}`, 'no product listed');
    const productPath = pick(links, round * 7 + 3);
    const product = await send(browser, 'GET', productPath, { kind: 'product' });
    if (!product) return undefined;
    const keys = [
      ...decodeEntities(product.body).matchAll(
        /"productId":"([^"]+)","variantId":(?:"([^"]+)"|null),"unitOfMeasure":"([^"]+)"/g,
      ),
    ].map((match) => ({ productId: match[1], variantId: match[2] ?? null, unitOfMeasure: match[3] }));
    return keys.length > 0 ? pick(keys, round) : undefined;
  }

  async function placeOrder(browser) {
    const page = await send(browser, 'GET', '/checkout', { kind: 'checkout', expect: [200, 302] });
    if (!page || page.status === 302) return;
    const html = page.body;
    const hidden = (name) => html.match(new RegExp(`name="${name}" value="([^"]*)"`))?.[1] ?? '';
    const checked = (name) =>
      html.match(new RegExp(`name="${name}" checked="" value="([^"]*)"`))?.[1] ??
      html.match(new RegExp(`name="${name}" value="([^"]*)"`))?.[1] ??
      '';
    const form = {
      intent: 'place-order',
      cartId: hidden('cartId'),
      idempotencyKey: hidden('idempotencyKey'),
      cartLines: decodeEntities(hidden('cartLines')),
      addressId: checked('addressId'),
      shippingMethodId: checked('shippingMethodId'),
      paymentMethodId: checked('paymentMethodId'),
      reference: 'scale-out test',
      comment: '',
    };
    const answer = await send(browser, 'POST', '/checkout', { form, expect: [302], kind: 'place-order' });
    if (!answer) return;
    if (!answer.location.includes(`/checkout/receipt?cartId=${form.cartId}`)) {
      fail('place-order', '/checkout', `redirected to ${answer.location}`);
      return;
    }
    confirmedCarts.add(form.cartId);
    counts.orders += 1;
    await send(browser, 'GET', answer.location, { kind: 'receipt' });
  }

  async function buyer(username) {
    const browser = createBrowser(shopUrl);
    await logIn(browser, username);
    for (let round = started++; performance.now() < stopAt; round += 1) {
      const key = await browse(browser, round);
      if (key) {
        await send(browser, 'POST', '/cart', {
          form: { intent: 'add-lines', lines: JSON.stringify([{ ...key, quantity: 1 }]) },
          kind: 'cart-add',
        });
      }
      if (round % 2 === 1) {
        const cart = await send(browser, 'GET', '/cart', { kind: 'cart' });
        const lineId = cart?.body.match(/name="lineId" value="([^"]+)"/)?.[1];
        if (lineId) {
          await send(browser, 'POST', '/cart', {
            form: { intent: 'update-quantity', lineId, quantity: String(2 + (round % 3)) },
            kind: 'cart-update',
          });
        }
      }
      if (round % 4 === 3) await placeOrder(browser);
    }
  }

  async function visitor(index) {
    const browser = createBrowser(shopUrl);
    for (let round = index * 5; performance.now() < stopAt; round += 1) await browse(browser, round);
  }

  const startedAt = performance.now();
  await Promise.all([
    ...BUYERS.map((username) => buyer(username)),
    ...Array.from({ length: ANONYMOUS_VISITORS }, (_, index) => visitor(index)),
  ]);
  const elapsed = (performance.now() - startedAt) / 1000;
  const perSecond = counts.requests / elapsed;
  const passed = counts.failed === 0;

  return {
    buyers: [...BUYERS, `${ANONYMOUS_VISITORS} anonymous visitors`],
    passed,
    perSecond,
    counts,
    summary: () =>
      `${perSecond.toFixed(1)} requests/s (${counts.requests} in ${elapsed.toFixed(0)} s), ${counts.orders} orders ` +
      `placed, ${counts.failed} failed, ${counts.resent} re-sent by the client`,
    criteria: () => [
      `  ${passed ? 'ok  ' : 'FAIL'} ${label}: ${counts.failed} failed requests of ${counts.requests}` +
        (counts.resent ? ` (${counts.resent} re-sent once by the client after the instance died with them)` : ''),
      ...failures.map((line) => `         failed: ${line}`),
      ...resent.map((line) => `         re-sent: ${line}`),
    ],
    confirmedCarts,
  };
}

/**
 * Every order the buyers saw confirmed exists exactly once in the database; no cart has two orders.
 * `database`: the cluster's `binDir` and `url` (psql).
 */
export async function checkOrders(database, confirmedCarts) {
  const carts = [...confirmedCarts].filter((cartId) => /^[0-9a-f-]{36}$/.test(cartId));
  const found = await runPsql({
    ...database,
    sql: `select cart_id from orders where cart_id = any(:'carts'::uuid[]) group by cart_id;`,
    variables: { carts: `{${carts.join(',')}}` },
  });
  const inDatabase = new Set(found.map(([cartId]) => cartId));
  const lost = [...confirmedCarts].filter((cartId) => !inDatabase.has(cartId));
  const doubled = await runPsql({
    ...database,
    sql: 'select cart_id from orders where cart_id is not null group by cart_id having count(*) > 1;',
  });
  const passed = lost.length === 0 && doubled.length === 0;
  return {
    passed,
    criteria: [
      `  ${passed ? 'ok  ' : 'FAIL'} orders: ${confirmedCarts.size} confirmed to the buyers, ${inDatabase.size} of ` +
        `them in the database, ${lost.length} lost, ${doubled.length} carts with more than one order`,
    ],
  };
}
