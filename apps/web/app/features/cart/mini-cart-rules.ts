/** spec §2: entering /cart or /checkout closes the mini-cart. */
export function shouldCloseMiniCart(pathname: string): boolean {
  const path = pathname.replace(/\/+$/, '') || '/';
  return path === '/cart' || path === '/checkout' || path.startsWith('/checkout/');
}

export function cartButtonLabel(itemCount: number | null): string {
  if (itemCount === null) return 'Cart';
  return `Cart, ${itemCount} ${itemCount === 1 ? 'item' : 'items'}`;
}
