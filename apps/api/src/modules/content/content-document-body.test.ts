import { describe, expect, it } from 'vitest';
import { readDocumentBody, readPageBody } from './content-document-body.ts';

function collectingLog() {
  const warnings: Array<{ object: object; message: string }> = [];
  return { warnings, log: { warn: (object: object, message: string) => warnings.push({ object, message }) } };
}

const banner = { id: 'b', type: 'banner', text: 'Free freight', tone: 'info' };
const page = (blocks: unknown[]) => ({ kind: 'page', description: '', template: 'page', categoryId: null, blocks });

describe('readPageBody', () => {
  it('keeps the blocks the schema accepts and logs each one it refuses', () => {
    const { warnings, log } = collectingLog();
    const unsafe = {
      id: 'x',
      type: 'richText',
      content: [{ type: 'paragraph', runs: [{ text: 'Go', href: 'javascript:alert(1)' }] }],
    };
    const body = readPageBody({ key: 'about', kind: 'page', body: page([unsafe, banner, { id: 'y' }]) }, log);
    expect(body?.blocks).toEqual([banner]);
    expect(warnings.map((warning) => warning.message)).toEqual(['content block skipped', 'content block skipped']);
    expect(warnings[0]?.object).toMatchObject({ key: 'about', position: 0 });
  });

  it('answers null for a page whose envelope is unreadable', () => {
    const { warnings, log } = collectingLog();
    expect(readPageBody({ key: 'p', kind: 'page', body: { kind: 'page', blocks: 'none' } }, log)).toBeNull();
    expect(readPageBody({ key: 'p', kind: 'page', body: null }, log)).toBeNull();
    expect(warnings).toHaveLength(2);
  });
});

describe('readDocumentBody', () => {
  it('reads an element of the expected kind', () => {
    const { log } = collectingLog();
    expect(
      readDocumentBody({ key: 'e', kind: 'element', body: { kind: 'element', block: banner } }, 'element', log),
    ).toEqual({ kind: 'element', block: banner });
  });

  it('answers null for a body of another kind or one the schema refuses', () => {
    const { warnings, log } = collectingLog();
    expect(
      readDocumentBody({ key: 'e', kind: 'element', body: { kind: 'element', block: banner } }, 'form', log),
    ).toBeNull();
    expect(readDocumentBody({ key: 'e', kind: 'element', body: { kind: 'element' } }, 'element', log)).toBeNull();
    expect(warnings).toHaveLength(2);
  });
});
