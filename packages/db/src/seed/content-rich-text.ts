/**
 * Short builders for the demo content's rich text (@b2b/contract RichText: paragraphs, headings and lists of runs,
 * never HTML), so the copy in the page files reads as text rather than as nested objects.
 */
import type { MoneyTerm, RichTextInline, RichTextMoney, RichTextNode, RichTextRun } from '@b2b/contract';

/** A run: plain text as a string, or a run made by {@link link} / {@link bold} / {@link money}. */
type RunInput = string | RichTextInline;

/** Runs of a paragraph, a list item or a banner. */
export function toRuns(inputs: readonly RunInput[]): RichTextInline[] {
  return inputs.map((input) => (typeof input === 'string' ? { text: input } : input));
}

export function paragraph(...runs: RunInput[]): RichTextNode {
  return { type: 'paragraph', runs: toRuns(runs) };
}

export function heading(text: string, level: 2 | 3 = 2): RichTextNode {
  return { type: 'heading', level, text };
}

/** A bulleted list; each item is one string or a list of runs. */
export function bulletList(...items: Array<RunInput | RunInput[]>): RichTextNode {
  return { type: 'list', ordered: false, items: items.map((item) => toRuns(Array.isArray(item) ? item : [item])) };
}

/** A numbered list (steps of a process). */
export function numberedList(...items: Array<RunInput | RunInput[]>): RichTextNode {
  return { type: 'list', ordered: true, items: items.map((item) => toRuns(Array.isArray(item) ? item : [item])) };
}

export function link(text: string, href: string): RichTextRun {
  return { text, href };
}

export function bold(text: string): RichTextRun {
  return { text, bold: true };
}

/** An amount of the order terms, shown in the viewer's currency (never written as text: it differs per currency). */
export function money(term: MoneyTerm, options: { bold?: boolean } = {}): RichTextMoney {
  return { type: 'money', term, ...(options.bold ? { bold: true } : {}) };
}
