// Throwaway setup for a visual check (not committed): campaigns and a cart for eu-buyer in the local PGlite.
import { createDatabase, queryRows } from '@b2b/db';
import { sql } from 'drizzle-orm';
const { db, close } = await createDatabase();
const [buyer] = await queryRows(db, sql`select u.id as user_id, u.customer_id from users u where u.username = 'eu-buyer'`);
const products = await queryRows(db, sql`
  select p.id, min(v.id) as variant_id from products p join product_variants v on v.product_id = p.id
   join prices pr on pr.product_id = p.id
   where p.discontinued_at is null group by p.id order by p.id limit 3`);
console.log(buyer, products);
const [a, b, c] = products;
await db.execute(sql`delete from campaigns where id like 'look-%'`);
const now = Date.now();
const insert = async (id, name, type, quantities, productIds, validFrom, validTo) => {
  await db.execute(sql`insert into campaigns (id, area_id, name, campaign_type, valid_from, valid_to, targeting, quantities)
    values (${id}, 'eu', ${name}, ${type}, ${validFrom}, ${validTo}, 'all', ${JSON.stringify(quantities)}::jsonb)`);
  for (const productId of productIds) await db.execute(sql`insert into campaign_items values (${id}, ${productId})`);
};
await insert('look-mix', 'Summer mix & match', 'MixMatch', [{ minimumQuantity: 24, discountPercentage: 15 }, { minimumQuantity: 12, discountPercentage: 10 }], [a.id, b.id], new Date(now - 5 * 864e5), new Date(now + 20 * 864e5));
await insert('look-ended', 'Autumn clearance', 'Campaign', [{ minimumQuantity: 1, discountPercentage: 20 }], [c.id], new Date(now - 5 * 864e5), new Date(now - 3600e3));
await db.execute(sql`update carts set status = 'abandoned' where created_by_user_id = ${buyer.user_id} and status = 'open'`);
const [cart] = await queryRows(db, sql`insert into carts (customer_id, created_by_user_id, area_id, currency_code, created_at)
  values (${buyer.customer_id}, ${buyer.user_id}, 'eu', 'EUR', ${new Date(now - 864e5)}) returning id`);
for (const [p, q] of [[a, 7], [b, 5], [c, 3]]) {
  await db.execute(sql`insert into cart_lines (cart_id, type, product_id, variant_id, variant_key, quantity) values (${cart.id}, 'Product', ${p.id}, ${p.variant_id}, ${p.variant_id}, ${q})`);
}
console.log('cart', cart.id);
await close();
