import { cn } from '~/lib/cn.ts';
/** The chevron of a menu disclosure button: points down, and up while its panel is open. Decorative. */
export function DisclosureChevron({ isOpen, sizeClass }: { isOpen: boolean; sizeClass: string }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 16 16"
      className={cn(sizeClass, 'shrink-0 transition-transform', isOpen && 'rotate-180')}
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
    >
      <path d="M4 6l4 4 4-4" />
    </svg>
  );
}
