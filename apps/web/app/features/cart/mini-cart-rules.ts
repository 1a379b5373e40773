/** spec §2: entering /cart or /checkout closes the mini-cart. */
export function shouldCloseMiniCart(pathname: string): boolean {
  const path = pathname.replace(/\/+$/, '') || '/';
  return path === '/cart' || path === '/checkout' || path.startsWith('/checkout/');
}

/** The word after the cart button's count, read by screen readers only ("Cart 3 items"). */
export function itemCountUnit(itemCount: number): string {
  return itemCount === 1 ? 'item' : 'items';
}
