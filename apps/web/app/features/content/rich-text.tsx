import type { RichText, RichTextInline, RichTextMoney, RichTextRun } from '@b2b/contract';
import { cn } from '~/lib/cn.ts';
import { formatMoneyTerm, useOrderTerms } from '~/lib/order-terms.ts';
import { ContentLinkView } from './content-link-view.tsx';

const LINK_CLASS = 'text-accent-800 underline hover:text-accent-900';

function RunView({ run }: { run: RichTextRun }) {
  let node = <>{run.text}</>;
  if (run.bold) node = <strong>{node}</strong>;
  if (run.italic) node = <em>{node}</em>;
  if (run.href)
    return (
      <ContentLinkView href={run.href} className={LINK_CLASS}>
        {node}
      </ContentLinkView>
    );
  return node;
}

/**
 * An amount the text names (issue 24), in the viewer's currency from the order terms the root route loaded: the
 * same figure the cart charges. `data-money-term` says which, for tests and for editors inspecting a page.
 */
function MoneyView({ run }: { run: RichTextMoney }) {
  const text = formatMoneyTerm(useOrderTerms(), run.term);
  const amount = (
    <span className="whitespace-nowrap" data-money-term={run.term}>
      {text}
    </span>
  );
  return run.bold ? <strong>{amount}</strong> : amount;
}

/** Runs of text and amounts of money: a paragraph's, a list item's, a banner's. */
export function RichTextRuns({ runs }: { runs: readonly RichTextInline[] }) {
  return runs.map((run, index) => {
    // runs have no ids and never move: their position is their identity
    const key = index;
    return 'type' in run ? <MoneyView key={key} run={run} /> : <RunView key={key} run={run} />;
  });
}

/**
 * Rich text from content (structured JSON, never HTML) as React elements: text is always text, so nothing stored
 * can inject markup or script. `headingOffset` shifts the stored h2/h3 levels when the text sits below a block's
 * own heading.
 */
export function RichTextView({
  content,
  headingOffset = 0,
  className = '',
}: {
  content: RichText;
  headingOffset?: 0 | 1;
  className?: string;
}) {
  return (
    <div className={cn('flex flex-col gap-3 leading-relaxed', className)}>
      {content.map((node, index) => {
        // nodes have no ids and never move: their position is their identity
        const key = index;
        if (node.type === 'heading') {
          const level = node.level + headingOffset;
          const Heading = level === 2 ? 'h2' : level === 3 ? 'h3' : 'h4';
          return (
            <Heading key={key} className={level === 2 ? 'mt-2 text-2xl font-semibold' : 'mt-1 text-lg font-semibold'}>
              {node.text}
            </Heading>
          );
        }
        if (node.type === 'list') {
          const List = node.ordered ? 'ol' : 'ul';
          return (
            <List key={key} className={cn('flex flex-col gap-1 pl-6', node.ordered ? 'list-decimal' : 'list-disc')}>
              {node.items.map((runs, itemIndex) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: items have no ids and never move
                <li key={itemIndex}>
                  <RichTextRuns runs={runs} />
                </li>
              ))}
            </List>
          );
        }
        return (
          <p key={key}>
            <RichTextRuns runs={node.runs} />
          </p>
        );
      })}
    </div>
  );
}
