/**
 * Favourite list calls of spec §7 (paths under /api/FavoriteList/; issue 26, ADR 026). Every call acts on the lists
 * of the caller's customer, also when a sales rep acts for it (the rep's writes are recorded as the cart's are); a
 * list of another customer answers 404 like an unknown one.
 */
import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import {
  addOrUpdateFavoriteListBody,
  deleteFavoriteListBody,
  favoriteListSchema,
  getFavoriteListQuery,
  getFavoriteListResponse,
  getFavoriteListsBySearchQuery,
  getFavoriteListsBySearchResponse,
  setFavoriteListActiveBody,
} from '../favorite-list.ts';

// Any logged-in user may call; the services answer 403 to a user without a customer (lists belong to customers).
export const favoriteListEndpoints = {
  getFavoriteList: defineEndpoint({
    method: 'GET',
    path: '/api/FavoriteList/GetFavoriteList',
    policy: 'customer',
    tag: 'Favorite list',
    summary: 'One favourite list of the customer, each product with its name, image, net price, stock and arrival',
    description:
      "Prices are the customer's net prices excluding VAT in the customer's own currency (spec §1), named by " +
      'currencyCode. Discontinued products stay in the list, flagged. 404 for a list of another customer or none.',
    query: getFavoriteListQuery,
    response: getFavoriteListResponse,
    errors: [404],
  }),
  addOrUpdateFavoriteList: defineEndpoint({
    method: 'POST',
    path: '/api/FavoriteList/AddOrUpdateFavoriteList',
    policy: 'customer',
    tag: 'Favorite list',
    summary: 'Creates a list, or replaces the name and products of one',
    description:
      'A new list becomes the active one (spec §4). Names are unique per customer regardless of case (400 on ' +
      'favouriteList.listName); at most 100 lists and 1,000 products a list (400). A product given twice is kept ' +
      'once; a discontinued or unknown product is refused (400 naming it). With listId, version must be the one ' +
      'last read: an older one answers 409 FavoriteListHasBeenModifiedException naming the list, and nothing changes. ' +
      '404 for a list of another customer or none.',
    body: addOrUpdateFavoriteListBody,
    response: favoriteListSchema,
    errors: [404, 409],
  }),
  deleteFavoriteList: defineEndpoint({
    method: 'DELETE',
    path: '/api/FavoriteList/DeleteFavoriteList',
    policy: 'customer',
    tag: 'Favorite list',
    summary: 'Deletes a list with its products',
    description:
      'The next most recently touched list becomes the active one. 404 for a list of another customer or none.',
    body: deleteFavoriteListBody,
    successStatus: 204,
    response: z.null(),
    errors: [404],
  }),
  getFavoriteListsBySearch: defineEndpoint({
    method: 'GET',
    path: '/api/FavoriteList/GetFavoriteListsBySearch',
    policy: 'customer',
    tag: 'Favorite list',
    summary: "The customer's lists, filtered by name and product, sorted and paged",
    description:
      'Skip, Take and Search are required (spec §5; Search may be empty). Default sorting touchedAt descending: ' +
      'the active list first (spec §4). Facets[i].Field=productId with Values (comma-separated item or variant ' +
      'numbers) keeps the lists holding any of them.',
    query: getFavoriteListsBySearchQuery,
    response: getFavoriteListsBySearchResponse,
  }),
  setFavoriteListActive: defineEndpoint({
    method: 'PUT',
    path: '/api/FavoriteList/SetFavoriteListActive',
    policy: 'customer',
    tag: 'Favorite list',
    summary: 'Makes a list the active one (moves it to the front)',
    description:
      'Touches the list (touchedAt now); its name, products and version do not change. 404 for a list of another customer or none.',
    body: setFavoriteListActiveBody,
    response: favoriteListSchema,
    errors: [404],
  }),
};
