import { describe, expect, it } from 'vitest';
import { AUDIT_PAGE_SIZE, auditSearch, auditSearchBody, readAuditParams } from './audit-params.ts';

describe('readAuditParams', () => {
  it('reads the filters and the page', () => {
    const { filters, page } = readAuditParams(
      new URLSearchParams(
        'actor=ann&type=menu&object=eu/site&action=update&from=2026-11-01&to=2026-11-27&q=Outlet&page=3',
      ),
    );
    expect(filters).toEqual({
      actor: 'ann',
      type: 'menu',
      object: 'eu/site',
      action: 'update',
      from: '2026-11-01',
      to: '2026-11-27',
      q: 'Outlet',
    });
    expect(page).toBe(3);
  });

  it('leaves out what cannot be a filter', () => {
    const { filters, page } = readAuditParams(new URLSearchParams('from=yesterday&to=2026-13-45&page=-2&q=%20%20'));
    expect(filters).toMatchObject({ from: '', to: '', q: '' });
    expect(page).toBe(1);
    expect(readAuditParams(new URLSearchParams('page=501')).page).toBe(1);
  });
});

describe('auditSearchBody', () => {
  it('turns the days into a period in UTC that includes the last day', () => {
    const { filters } = readAuditParams(new URLSearchParams('from=2026-02-01&to=2026-02-28&actor=ann'));
    expect(auditSearchBody(filters, 2)).toEqual({
      actorUsername: 'ann',
      from: '2026-02-01T00:00:00.000Z',
      to: '2026-03-01T00:00:00.000Z',
      pageSize: AUDIT_PAGE_SIZE,
      pageNr: 2,
    });
  });
});

describe('auditSearch', () => {
  it('keeps the filters set and the page after the first', () => {
    expect(auditSearch({ type: 'menu', q: 'a b' }, 2)).toBe('?type=menu&q=a+b&page=2');
    expect(auditSearch({}, 1)).toBe('');
  });
});
