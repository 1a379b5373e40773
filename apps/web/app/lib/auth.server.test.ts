import type { Customer, User } from '@b2b/contract';
import { RouterContextProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { requireCustomer } from './auth.server.ts';
import { type Session, sessionContext } from './session.server.ts';
import { NO_CUSTOMER_REASON } from './session-summary.ts';

const AREA = { areaId: 'eu', languageCode: 'en-GB', currencyCode: 'EUR' } as const;

function contextOf(user: Pick<User, 'username' | 'roles'> | null, customer: Customer | null = null) {
  const session: Session = {
    isLoggedIn: user !== null,
    isImpersonating: false,
    user: user as User | null,
    customer,
    area: AREA,
    displayCurrency: 'EUR',
  };
  const context = new RouterContextProvider();
  context.set(sessionContext, session);
  return context;
}

/** What `requireCustomer` throws (a redirect Response, or the data of an error page). */
function thrownBy(run: () => unknown): unknown {
  try {
    run();
  } catch (thrown) {
    return thrown;
  }
  throw new Error('nothing was thrown');
}

const request = new Request('http://localhost/checkout?step=2');

describe('requireCustomer: pages that exist only for a customer (cart, checkout, documents)', () => {
  it('sends a sales rep acting for no customer to acting for one, with the page to open then (issue 24)', () => {
    const thrown = thrownBy(() => requireCustomer(contextOf({ username: 'rep', roles: ['impersonation'] }), request));
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).status).toBe(302);
    expect((thrown as Response).headers.get('Location')).toBe(
      '/customer-center/impersonation?redirect=%2Fcheckout%3Fstep%3D2',
    );
  });

  it('answers other users without a customer (back-office staff) with the 403 page that says why', () => {
    const thrown = thrownBy(() => requireCustomer(contextOf({ username: 'office', roles: ['backoffice'] }), request));
    expect(thrown).toMatchObject({ data: { reason: NO_CUSTOMER_REASON }, init: { status: 403 } });
  });

  it('sends anonymous visitors to log in, and lets a customer through', () => {
    const anonymous = thrownBy(() => requireCustomer(contextOf(null), request)) as Response;
    expect(anonymous.headers.get('Location')).toBe('/login?redirect=%2Fcheckout%3Fstep%3D2');
    const customer = { customerNumber: '10001', name: 'Alpine Boardshop GmbH' } as Customer;
    const session = requireCustomer(contextOf({ username: 'buyer', roles: ['customer'] }, customer), request);
    expect(session.customer).toBe(customer);
  });
});
