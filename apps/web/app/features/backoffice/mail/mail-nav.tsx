import { Link } from 'react-router';
import { cn } from '~/lib/cn.ts';
import { MAIL_PATH, MAIL_TEMPLATES_PATH } from './mail-labels.ts';

const TAB = 'rounded-md px-3 py-1.5 text-sm font-medium text-neutral-700 hover:bg-neutral-200';
const CURRENT_TAB = 'bg-white text-neutral-900 shadow-xs ring-1 ring-neutral-200';

/** The mail section's heading with its two views: the outbox (and its mails) and the templates. */
export function MailSectionHeader({ title, current }: { title: string; current: 'outbox' | 'templates' }) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <h1 className="text-2xl font-semibold">{title}</h1>
      <nav aria-label="Mail views" className="flex gap-1">
        <Link
          to={MAIL_PATH}
          aria-current={current === 'outbox' ? 'page' : undefined}
          className={cn(TAB, current === 'outbox' && CURRENT_TAB)}
        >
          Outbox
        </Link>
        <Link
          to={MAIL_TEMPLATES_PATH}
          aria-current={current === 'templates' ? 'page' : undefined}
          className={cn(TAB, current === 'templates' && CURRENT_TAB)}
        >
          Templates
        </Link>
      </nav>
    </div>
  );
}
