import { type ClassNameValue, twMerge } from 'tailwind-merge';

/**
 * The one way to join class names: parts that are falsy are left out, and where two Tailwind classes set the same
 * thing the later one wins. Without the merge the stylesheet's order decides, not the caller: `px-4 px-3` pads by
 * `px-4`, because Tailwind writes `.px-4` after `.px-3`, so an override such as
 * `buttonClassName('secondary', 'px-3 py-1.5')` silently lost (issue 25).
 */
export function cn(...classes: ClassNameValue[]): string {
  return twMerge(...classes);
}
