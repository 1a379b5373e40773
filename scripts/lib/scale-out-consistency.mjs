/**
 * The scale-out test's agreement check (ADR 040): one change of each kind made during the load, then every API and
 * every web instance asked directly (not through the proxy) until each shows it, or 5 s have passed.
 *
 * - A redirect written through the back office API of the first API instance (UpdateRedirect): every API answers it
 *   from its in-memory map (GetRedirectByUrl) and every web instance redirects the old path (ADR 037).
 * - A product renamed as the catalogue import renames it (an UPDATE and NOTIFY product_changes, ADR 003; there is no
 *   back-office call that edits products): every API's product cache (GetProductsByIds) and search index
 *   (GetProductsBySearch on a word only the new name has), and every web instance's product page and search page.
 */
import { randomBytes } from 'node:crypto';
import { runPsql } from './postgres-cluster.mjs';

const AREA = { areaId: 'eu', languageCode: 'en-GB', currencyCode: 'EUR' };
const AREA_QUERY = 'Area.AreaId=eu&Area.LanguageCode=en-GB&Area.CurrencyCode=EUR';
/** The product renamed: a helmet of the demo catalogue (its URL stays; only the name changes). */
const PRODUCT_ID = '101224';

async function postJson(url, body, token) {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${url}: ${response.status} ${text.slice(0, 200)}`);
  return JSON.parse(text);
}

/** What each instance must show, as named checks that resolve true once it does. */
function checksFor({ apis, webs, fromPath, productUrl, newName, word }) {
  const checks = [];
  for (const api of apis) {
    const base = `http://127.0.0.1:${api.port}`;
    checks.push({
      name: `${api.name} redirect`,
      test: async () => {
        const response = await fetch(`${base}/api/Content/GetRedirectByUrl?${AREA_QUERY}&Url=${fromPath}`);
        return response.ok && (await response.json()).redirectUrl === productUrl;
      },
    });
    checks.push({
      name: `${api.name} product cache`,
      test: async () =>
        (await postJson(`${base}/api/Product/GetProductsByIds`, { area: AREA, ids: [PRODUCT_ID] })).items[PRODUCT_ID]
          ?.name === newName,
    });
    checks.push({
      name: `${api.name} search index`,
      test: async () =>
        (await postJson(`${base}/api/Product/GetProductsBySearch`, { area: AREA, search: word, take: 5 })).items.some(
          (entry) => entry.item.id === PRODUCT_ID,
        ),
    });
  }
  for (const web of webs) {
    const base = `http://127.0.0.1:${web.port}`;
    checks.push({
      name: `${web.name} redirect`,
      test: async () => {
        const response = await fetch(`${base}${fromPath}`, { redirect: 'manual' });
        await response.body?.cancel();
        return response.status === 301 && response.headers.get('location')?.endsWith(productUrl);
      },
    });
    checks.push({
      name: `${web.name} product page`,
      test: async () => (await (await fetch(`${base}${productUrl}`)).text()).includes(newName),
    });
    checks.push({
      name: `${web.name} search page`,
      test: async () => (await (await fetch(`${base}/search?q=${word}`)).text()).includes(`href="${productUrl}"`),
    });
  }
  return checks;
}

/**
 * Makes both changes (`database`: the cluster's `binDir` and `url`, for psql) and polls every check every 200 ms.
 * Resolves with the time each took and the pass criteria's
 * lines; an instance that is down (being restarted) is asked again until the deadline like any other.
 */
export async function checkConsistency({ database, apis, webs, withinMs }) {
  const word = `scaleout${randomBytes(4).toString('hex')}`;
  const fromPath = `/moved-${word}`;
  const firstApi = `http://127.0.0.1:${apis[0].port}`;
  const product = (await postJson(`${firstApi}/api/Product/GetProductsByIds`, { area: AREA, ids: [PRODUCT_ID] })).items[
    PRODUCT_ID
  ];
  const newName = `${product.name.replace(/ scaleout\w+$/, '')} ${word}`;

  const login = await postJson(`${firstApi}/api/User/Login`, { area: AREA, username: 'backoffice', password: 'demo' });
  const changedAt = performance.now();
  await Promise.all([
    postJson(
      `${firstApi}/backoffice/api/Redirects/UpdateRedirect`,
      { area: 'eu', fromPath, toUrl: product.url, status: 301 },
      login.accessToken,
    ),
    runPsql({
      ...database,
      sql: `update products set name = :'name' where id = :'id'; select pg_notify('product_changes', '');`,
      variables: { name: newName, id: PRODUCT_ID },
    }),
  ]);

  const pending = new Map(
    checksFor({ apis, webs, fromPath, productUrl: product.url, newName, word }).map((check) => [check.name, check]),
  );
  const tookMs = new Map();
  const deadline = changedAt + withinMs;
  while (pending.size > 0 && performance.now() < deadline) {
    await Promise.all(
      [...pending.values()].map(async (check) => {
        const passed = await check.test().catch(() => false);
        if (passed && pending.has(check.name)) {
          pending.delete(check.name);
          tookMs.set(check.name, performance.now() - changedAt);
        }
      }),
    );
    if (pending.size > 0) await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const [slowestName = 'none', slowest = 0] = [...tookMs].sort((a, b) => b[1] - a[1])[0] ?? [];
  const passed = pending.size === 0;
  return {
    passed,
    criteria: [
      `  ${passed ? 'ok  ' : 'FAIL'} every instance agrees within ${withinMs / 1000} s after a redirect and a product ` +
        `change: ${tookMs.size} of ${tookMs.size + pending.size} checks, the slowest after ` +
        `${(slowest / 1000).toFixed(1)} s (${slowestName})${passed ? '' : `; not seen: ${[...pending.keys()].join(', ')}`}`,
    ],
  };
}
