import type { MenuEntry } from '@b2b/contract';
import { MAX_UPLOAD_BYTES } from '@b2b/contract/instant-excel';
import { RouterContextProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { isOffered, refuseOversizedUpload, toCategoryChoices, validateUpload } from './instant-excel.server.ts';

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

describe('the scope a link preselects', () => {
  const choices = {
    categories: [{ value: 'skate', label: 'Skate' }],
    brands: [{ value: 'hillside', label: 'Hillside' }],
    favoriteLists: [{ value: '0d6f1b7e-3c1a-4f7e-9a51-2b0c7d9e8f10', label: 'Spring (3 products)' }],
  };

  it('is preselected when the form offers its category, brand or list', () => {
    expect(isOffered({ kind: 'category', categoryId: 'skate' }, choices)).toBe(true);
    expect(isOffered({ kind: 'brand', brand: 'hillside' }, choices)).toBe(true);
    expect(isOffered({ kind: 'favorite-list', listId: '0d6f1b7e-3c1a-4f7e-9a51-2b0c7d9e8f10' }, choices)).toBe(true);
    expect(isOffered({ kind: 'assortment' }, choices)).toBe(true);
  });

  it('is not when the list was deleted or the id is unknown (the page then preselects the default)', () => {
    expect(isOffered({ kind: 'favorite-list', listId: '11111111-1111-4111-8111-111111111111' }, choices)).toBe(false);
    expect(isOffered({ kind: 'category', categoryId: 'surf' }, choices)).toBe(false);
    expect(isOffered({ kind: 'brand', brand: 'Hillside' }, choices)).toBe(false);
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
