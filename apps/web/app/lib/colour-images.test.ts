import { describe, expect, it } from 'vitest';
import { imagesByColour } from './colour-images.ts';

const image = (url: string, alt: string) => ({ type: 'image', url, alt });

describe('imagesByColour', () => {
  it('finds each colour by the alt text that names it, whatever the order', () => {
    const media = [image('/y', 'Harbor Helmet, Yellow'), image('/r', 'Harbor Helmet, Red')];
    const variants = [{ colour: 'Red' }, { colour: 'Red' }, { colour: 'Yellow' }, { colour: 'Yellow' }];
    expect(imagesByColour(media, variants)).toEqual({
      Red: { url: '/r', alt: 'Harbor Helmet, Red' },
      Yellow: { url: '/y', alt: 'Harbor Helmet, Yellow' },
    });
  });

  it('reads only the colour part of the alt text, so a colour word in the name does not match', () => {
    const media = [image('/1', 'Red Line Deck, Blue'), image('/2', 'Red Line Deck, Red')];
    expect(imagesByColour(media, [{ colour: 'Blue' }, { colour: 'Red' }])).toEqual({
      Blue: { url: '/1', alt: 'Red Line Deck, Blue' },
      Red: { url: '/2', alt: 'Red Line Deck, Red' },
    });
  });

  it('leaves out a colour no alt text names when others are named', () => {
    const media = [image('/r', 'Cap, Red'), image('/x', 'Cap')];
    expect(imagesByColour(media, [{ colour: 'Red' }, { colour: 'Navy' }])).toEqual({
      Red: { url: '/r', alt: 'Cap, Red' },
    });
  });

  it('falls back to the order of the colours when no alt text names one and the counts match', () => {
    const media = [image('/1', ''), image('/2', '')];
    expect(imagesByColour(media, [{ colour: 'Black' }, { colour: 'White' }, { colour: 'Black' }])).toEqual({
      Black: { url: '/1', alt: '' },
      White: { url: '/2', alt: '' },
    });
    expect(imagesByColour([...media, image('/3', '')], [{ colour: 'Black' }, { colour: 'White' }])).toEqual({});
  });

  it('has nothing to tell apart with one image, and skips documents and variants without a colour', () => {
    expect(imagesByColour([image('/1', 'Deck, Red')], [{ colour: 'Red' }, { colour: 'Blue' }])).toEqual({});
    const media = [
      { type: 'document', url: '/d', alt: 'Deck, Red' },
      image('/1', 'Deck, Red'),
      image('/2', 'Deck, Blue'),
    ];
    expect(imagesByColour(media, [{ colour: null }, { colour: 'Blue' }])).toEqual({
      Blue: { url: '/2', alt: 'Deck, Blue' },
    });
  });
});
