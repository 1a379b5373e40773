import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { toContentLink } from './content-link.ts';

/**
 * A link from editor content: site paths navigate in-app, other sites open as ordinary links without handing them
 * this window (`rel="noopener noreferrer"`). An unsafe target renders the children as plain text.
 */
export function ContentLinkView({
  href,
  className,
  children,
}: {
  href: string | undefined;
  className?: string;
  children: ReactNode;
}) {
  const link = toContentLink(href);
  if (!link) return <>{children}</>;
  if (link.kind === 'site')
    return (
      <Link to={link.to} className={className}>
        {children}
      </Link>
    );
  return (
    <a href={link.href} rel="noopener noreferrer" className={className}>
      {children}
    </a>
  );
}
