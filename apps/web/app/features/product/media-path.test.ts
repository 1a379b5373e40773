import { describe, expect, it } from 'vitest';
import { decodeMediaPath, toRawImageUrl } from './media-path.ts';

const encode = (text: string) => Buffer.from(text, 'utf8').toString('base64url');

describe('decodeMediaPath', () => {
  it('decodes base64url paths, with or without padding, and plain base64', () => {
    expect(decodeMediaPath(encode('products/100123/1.png'))).toBe('products/100123/1.png');
    expect(decodeMediaPath(Buffer.from('a/bé?.png').toString('base64'))).toBe('a/bé?.png');
    expect(decodeMediaPath(`${encode('ab')}=`)).toBe('ab');
    expect(toRawImageUrl('products/x.png')).toBe(`/images/raw/${encode('products/x.png')}`);
  });

  it.each([
    ['undefined', undefined],
    ['empty', ''],
    ['not base64', 'abc$def'],
    ['impossible length', 'abcde'],
    ['control characters', encode('a\u0000b')],
    ['invalid UTF-8', Buffer.from([0xff, 0xfe, 0x41]).toString('base64url')],
    ['parent segments', encode('products/../../etc/passwd')],
    ['too long', encode('a'.repeat(1001))],
  ])('refuses %s', (_, input) => {
    expect(decodeMediaPath(input)).toBeNull();
  });
});
