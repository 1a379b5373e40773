import { describe, expect, it } from 'vitest';
import { contentRedirectOf } from './content-redirect.ts';

const at = { contentPath: '/winter-clearance', pathname: '/en-GB/winter-clearance' };

describe('contentRedirectOf (spec §2: a content answer of 301/302 is followed with its status)', () => {
  it('follows a path target in-app with the status answered', () => {
    expect(contentRedirectOf({ status: 302, redirectUrl: '/snow' }, at)).toEqual({
      url: '/snow',
      status: 302,
      absolute: false,
    });
    expect(contentRedirectOf({ status: 301, redirectUrl: '/search?q=wetsuit' }, at)).toEqual({
      url: '/search?q=wetsuit',
      status: 301,
      absolute: false,
    });
  });

  it('follows an absolute http(s) target as a full page load', () => {
    expect(contentRedirectOf({ status: 301, redirectUrl: 'https://careers.ridgeline.example/' }, at)).toEqual({
      url: 'https://careers.ridgeline.example/',
      status: 301,
      absolute: true,
    });
  });

  it('follows nothing for another status, a missing target or a target that is the current page', () => {
    expect(contentRedirectOf({ status: 200, redirectUrl: '/snow' }, at)).toBeNull();
    expect(contentRedirectOf({ status: 302, redirectUrl: null }, at)).toBeNull();
    expect(contentRedirectOf({ status: 302, redirectUrl: '' }, at)).toBeNull();
    expect(contentRedirectOf({ status: 302, redirectUrl: '/winter-clearance' }, at)).toBeNull();
    expect(contentRedirectOf({ status: 302, redirectUrl: '/en-GB/winter-clearance' }, at)).toBeNull();
  });

  it('refuses a target that would leave the site unannounced or run a script', () => {
    expect(contentRedirectOf({ status: 301, redirectUrl: '//evil.example/' }, at)).toBeNull();
    expect(contentRedirectOf({ status: 301, redirectUrl: 'javascript:alert(1)' }, at)).toBeNull();
    expect(contentRedirectOf({ status: 301, redirectUrl: 'https://' }, at)).toBeNull();
  });
});
