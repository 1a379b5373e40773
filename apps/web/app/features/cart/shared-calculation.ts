/**
 * spec §4 Cart: "Repeated requests for the same cart hash share one pending calculation". The web server asks the
 * API once per caller, cart and version (the API raises the version on every change, so cartId@version is the
 * hash of what the API would calculate): requests that arrive while it is under way get the same answer, success
 * or failure, and the next request after it settled asks again (a settled answer is never reused: prices, stock and
 * campaigns change without a cart version). Per web process (ADR 022); ADR 035.
 */
export type SharedCalculations<Result> = {
  /** The pending calculation of `key`, else a new one started by `calculate`. */
  run(key: string, calculate: () => Promise<Result>): Promise<Result>;
  /** How many calculations are under way (for tests and diagnostics). */
  pendingCount(): number;
};

export function createSharedCalculations<Result>(): SharedCalculations<Result> {
  const pending = new Map<string, Promise<Result>>();
  return {
    run(key, calculate) {
      const existing = pending.get(key);
      if (existing) return existing;
      const started = calculate();
      pending.set(key, started);
      const forget = () => {
        if (pending.get(key) === started) pending.delete(key);
      };
      started.then(forget, forget);
      return started;
    },
    pendingCount: () => pending.size,
  };
}

/** The key of one calculation: who asks (their prices), the cart's hash at the API, and the ship-to country. */
export function sharedCalculationKey(input: {
  username: string;
  customerNumber: string;
  isImpersonating: boolean;
  areaId: string;
  cartId: string;
  version: number;
  shipToCountryCode: string;
}): string {
  return [
    input.username,
    input.customerNumber,
    input.isImpersonating ? 'impersonating' : 'own',
    input.areaId,
    `${input.cartId}@${input.version}`,
    input.shipToCountryCode,
  ].join('|');
}
