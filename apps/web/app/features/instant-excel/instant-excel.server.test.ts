import type { MenuEntry } from '@b2b/contract';
import { MAX_UPLOAD_BYTES } from '@b2b/contract/instant-excel';
import { RouterContextProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { refuseOversizedUpload, toCategoryChoices, validateUpload } from './instant-excel.server.ts';

function entry(id: string, name: string, children: MenuEntry[] = []): MenuEntry {
  return { id, name, url: `/${id}`, tags: ['primary'], children };
}

describe('the download form’s categories', () => {
  it('lists every category of the tree, parents first, each named by its path', () => {
    const tree = [
      entry('skate', 'Skate', [entry('skate-decks', 'Decks'), entry('skate-wheels', 'Wheels')]),
      entry('surf', 'Surf'),
    ];
    expect(toCategoryChoices(tree)).toEqual([
      { value: 'skate', label: 'Skate' },
      { value: 'skate-decks', label: 'Skate › Decks' },
      { value: 'skate-wheels', label: 'Skate › Wheels' },
      { value: 'surf', label: 'Surf' },
    ]);
  });
});

describe('an upload refused before the API is asked', () => {
  it('answers a body declared larger than any upload without reading it', () => {
    const request = (length: number) =>
      new Request('http://shop.invalid/customer-center/instant-excel', {
        method: 'POST',
        headers: { 'content-length': String(length) },
      });
    expect(refuseOversizedUpload(request(MAX_UPLOAD_BYTES))).toBeNull();
    expect(refuseOversizedUpload(request(MAX_UPLOAD_BYTES * 3))).toMatchObject({
      intent: 'validate',
      ok: false,
      message: 'The file is larger than 10 MB. Upload a smaller sheet.',
    });
  });

  it('asks for a file or pasted lines when neither came (an empty file input, blank text)', async () => {
    const form = new FormData();
    form.set('intent', 'validate');
    form.set('file', new File([], ''));
    form.set('pastedText', '  \n ');
    expect(await validateUpload(new RouterContextProvider(), form)).toMatchObject({
      ok: false,
      message: 'Choose a sheet (.xlsx or .csv) or paste lines of "item number; quantity".',
    });
  });

  it('refuses a file above the limit without sending it', async () => {
    const form = new FormData();
    form.set('file', new File([new Uint8Array(MAX_UPLOAD_BYTES + 1)], 'big.xlsx'));
    expect(await validateUpload(new RouterContextProvider(), form)).toMatchObject({
      ok: false,
      message: 'The file is larger than 10 MB. Upload a smaller sheet.',
    });
  });
});
