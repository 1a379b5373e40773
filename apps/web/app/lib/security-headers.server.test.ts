import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy, createNonce, STATIC_SECURITY_HEADERS } from './security-headers.server.ts';

function directives(policy: string): Map<string, string[]> {
  return new Map(
    policy.split(';').map((directive) => {
      const [name = '', ...sources] = directive.trim().split(/\s+/);
      return [name, sources];
    }),
  );
}

describe('contentSecurityPolicy', () => {
  it("runs scripts only from the shop's origin or with the response's nonce, and forbids framing", () => {
    const policy = directives(contentSecurityPolicy('abc123', { hasTagManager: false, isDevelopment: false }));
    expect(policy.get('script-src')).toEqual(["'self'", "'nonce-abc123'"]);
    expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
    expect(policy.get('object-src')).toEqual(["'none'"]);
    expect(policy.get('connect-src')).toEqual(["'self'"]);
  });

  it('lets the tag manager load only when it is configured, and the dev server its WebSocket only in development', () => {
    const withTagManager = directives(contentSecurityPolicy('n', { hasTagManager: true, isDevelopment: true }));
    expect(withTagManager.get('script-src')).toContain('https://www.googletagmanager.com');
    expect(withTagManager.get('connect-src')).toEqual(
      expect.arrayContaining(['ws:', 'https://*.google-analytics.com']),
    );
  });
});

describe('the other headers', () => {
  it('deny framing, sniffing, full referrers and the browser features the shop does not use', () => {
    expect(STATIC_SECURITY_HEADERS).toMatchObject({
      'X-Frame-Options': 'DENY',
      'X-Content-Type-Options': 'nosniff',
      'Referrer-Policy': 'strict-origin-when-cross-origin',
    });
    expect(STATIC_SECURITY_HEADERS['Permissions-Policy']).toContain('camera=()');
  });

  it('uses a new nonce of 128 bits for every response', () => {
    const nonces = new Set(Array.from({ length: 20 }, () => createNonce()));
    expect(nonces.size).toBe(20);
    expect(Buffer.from([...nonces][0] ?? '', 'base64')).toHaveLength(16);
  });
});
