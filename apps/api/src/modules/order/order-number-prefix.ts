/**
 * The order search's number filter (issue 28): staff type the beginning of an order number as they read it off a
 * mail or a phone call, with or without `SO-` (`SO-00012`, `so00012`, `00012`). Pure, tested beside it.
 */

export type OrderNumberRange = {
  /** The normalised beginning, e.g. `SO-00012`. */
  prefix: string;
  /** The first number after every one that begins with the prefix (`SO-00013`); undefined when there is none. */
  end: string | undefined;
};

/** The range of order numbers beginning with what was typed; null when it names no digits (every order). */
export function orderNumberRangeOf(typed: string): OrderNumberRange | null {
  const digits = typed.trim().toUpperCase().replace(/^SO-?/, '');
  if (!/^\d+$/.test(digits)) return null;
  // The next string after every extension of the digits: drop trailing nines, then raise the last digit left.
  const lastBelowNine = digits.replace(/9+$/, '');
  const end =
    lastBelowNine === '' ? undefined : `SO-${lastBelowNine.slice(0, -1)}${String(Number(lastBelowNine.slice(-1)) + 1)}`;
  return { prefix: `SO-${digits}`, end };
}
