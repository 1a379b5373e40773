/**
 * Drizzle relations, so the API can use relational queries (`db.query.products.findMany({ with: { variants } })`).
 * They add no SQL: drizzle-kit ignores them when it generates migrations.
 */
import { relations } from 'drizzle-orm';
import {
  brands,
  categories,
  customerAddresses,
  customers,
  priceGroups,
  priceLists,
  prices,
  products,
  productVariants,
  stockLevels,
  userImpersonationCustomers,
  users,
} from './schema.ts';

export const customersRelations = relations(customers, ({ one, many }) => ({
  priceGroup: one(priceGroups, { fields: [customers.priceGroupId], references: [priceGroups.id] }),
  addresses: many(customerAddresses),
  users: many(users),
}));

export const customerAddressesRelations = relations(customerAddresses, ({ one }) => ({
  customer: one(customers, { fields: [customerAddresses.customerId], references: [customers.id] }),
}));

export const usersRelations = relations(users, ({ one, many }) => ({
  customer: one(customers, { fields: [users.customerId], references: [customers.id] }),
  impersonationCustomers: many(userImpersonationCustomers),
}));

export const userImpersonationCustomersRelations = relations(userImpersonationCustomers, ({ one }) => ({
  user: one(users, { fields: [userImpersonationCustomers.userId], references: [users.id] }),
  customer: one(customers, { fields: [userImpersonationCustomers.customerId], references: [customers.id] }),
}));

export const categoriesRelations = relations(categories, ({ one, many }) => ({
  parent: one(categories, { fields: [categories.parentId], references: [categories.id], relationName: 'tree' }),
  children: many(categories, { relationName: 'tree' }),
  products: many(products),
}));

export const productsRelations = relations(products, ({ one, many }) => ({
  brand: one(brands, { fields: [products.brandId], references: [brands.id] }),
  category: one(categories, { fields: [products.categoryId], references: [categories.id] }),
  variants: many(productVariants),
  prices: many(prices),
}));

export const productVariantsRelations = relations(productVariants, ({ one }) => ({
  product: one(products, { fields: [productVariants.productId], references: [products.id] }),
  stock: one(stockLevels, { fields: [productVariants.id], references: [stockLevels.variantId] }),
}));

export const stockLevelsRelations = relations(stockLevels, ({ one }) => ({
  variant: one(productVariants, { fields: [stockLevels.variantId], references: [productVariants.id] }),
}));

export const priceListsRelations = relations(priceLists, ({ one, many }) => ({
  priceGroup: one(priceGroups, { fields: [priceLists.priceGroupId], references: [priceGroups.id] }),
  prices: many(prices),
}));

export const pricesRelations = relations(prices, ({ one }) => ({
  priceList: one(priceLists, { fields: [prices.priceListId], references: [priceLists.id] }),
  product: one(products, { fields: [prices.productId], references: [products.id] }),
}));
