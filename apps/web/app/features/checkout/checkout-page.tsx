import type { CalculatedCart } from '@b2b/contract/cart';
import { MAX_COMMENT_LENGTH, MAX_REFERENCE_LENGTH } from '@b2b/contract/constants';
import type { CustomerAddress, GetCreditStatusResponse } from '@b2b/contract/customer';
import type { PaymentMethod } from '@b2b/contract/payment';
import type { ShippingMethodOption } from '@b2b/contract/shipping';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { Form, Link, useFetcher, useNavigation, useRevalidator, useSubmit } from 'react-router';
import { OrderSummary } from '~/components/order/order-summary.tsx';
import { OrderTermsNotes } from '~/components/order/order-terms-notes.tsx';
import { orderTotals, toSummaryLines } from '~/components/order/order-totals.ts';
import { Alert } from '~/components/ui/alert.tsx';
import { Button } from '~/components/ui/button.tsx';
import { TextField } from '~/components/ui/text-field.tsx';
import { cn } from '~/lib/cn.ts';
import { STATEMENT_OF_ACCOUNT_PATH } from '~/lib/customer-center-paths.ts';
import { useServerFailure } from '~/lib/errors/use-server-failure.ts';
import { formatMoney } from '~/lib/format.ts';
import { focusPageHeading } from '~/lib/page-heading-focus.ts';
import { usePayloadToasts } from '~/lib/toast/use-payload-toasts.ts';
import type { CheckoutActionData } from './checkout-data.server.ts';
import type { CheckoutFieldErrors } from './checkout-form.ts';
import { checkCredit } from './credit-check.ts';
import { AvailableCredit, CREDIT_LIMIT_MESSAGE_ID, CreditLimitMessage } from './credit-note.tsx';

export type CheckoutPageData = {
  cart: { cartId: string; currencyCode: string; comment: string | null; reference: string | null };
  /** The lines this summary shows (cartLinesKey): an order for other lines is not placed (ADR 035). */
  cartLinesKey: string;
  addresses: CustomerAddress[];
  addressId: string;
  shippingMethods: ShippingMethodOption[];
  shippingMethodId: string;
  paymentMethods: PaymentMethod[];
  paymentMethodId: string;
  calculated: CalculatedCart | null;
  /** The customer's credit on account (ADR 019); null when it could not be had. */
  creditStatus: GetCreditStatusResponse | null;
  /** The customer's price group, named in the discount's label. */
  priceGroup: string;
  idempotencyKey: string;
};

function ChoiceGroup({
  legend,
  error,
  errorId,
  children,
}: {
  legend: string;
  error?: string | undefined;
  errorId: string;
  children: ReactNode;
}) {
  return (
    <fieldset
      className="rounded-lg border border-neutral-200 bg-white p-4"
      aria-describedby={error ? errorId : undefined}
      aria-invalid={error ? true : undefined}
    >
      <legend className="px-1 text-lg font-semibold">{legend}</legend>
      {error ? (
        <p id={errorId} className="mb-2 text-sm text-red-700">
          {error}
        </p>
      ) : null}
      <div className="flex flex-col gap-2">{children}</div>
    </fieldset>
  );
}

function Choice({
  name,
  value,
  checked,
  onChange,
  children,
}: {
  name: string;
  value: string;
  checked: boolean;
  onChange: (value: string) => void;
  children: ReactNode;
}) {
  return (
    <label className="flex cursor-pointer items-start gap-3 rounded-md border border-neutral-200 p-3 text-sm has-[:checked]:border-accent-600 has-[:checked]:bg-accent-50">
      <input
        type="radio"
        name={name}
        value={value}
        checked={checked}
        onChange={(event) => onChange(event.currentTarget.value)}
        className="mt-1"
        required
      />
      <span className="flex-1">{children}</span>
    </label>
  );
}

function formatAddress(address: Pick<CustomerAddress, 'street' | 'postalCode' | 'city' | 'countryCode'>): string {
  return `${address.street}, ${address.postalCode} ${address.city}, ${address.countryCode}`;
}

/**
 * /checkout (spec §2): ship-to address, shipping method with fee, payment method, comment and reference, the order
 * summary and "Place order". Choosing an address or shipping method saves it on the cart at once (the shipping
 * methods and the summary follow); placing the order sends everything again with the page view's Idempotency-Key.
 */
export function CheckoutPage({
  data,
  actionData,
}: {
  data: CheckoutPageData;
  actionData: CheckoutActionData | undefined;
}) {
  const navigation = useNavigation();
  const fetcher = useFetcher<CheckoutActionData>({ key: 'checkout-choice' });
  // One key per page view: revalidations bring new keys, but a retry must send the first one again.
  const [idempotencyKey] = useState(data.idempotencyKey);
  const [addressId, setAddressId] = useState(data.addressId);
  const [shippingMethodId, setShippingMethodId] = useState(data.shippingMethodId);
  const [paymentMethodId, setPaymentMethodId] = useState(data.paymentMethodId);
  const alertRef = useRef<HTMLDivElement>(null);
  const isPlacing = navigation.state !== 'idle' && navigation.formData?.get('intent') === 'place-order';
  const fieldErrors: CheckoutFieldErrors = actionData?.fieldErrors ?? {};
  // A choice that failed on the server raises the error toast; the choice is made again by choosing again.
  usePayloadToasts(null, fetcher.data?.serverError);
  // Placing the order failed on the server (the API down or failing): that blocks the checkout until the buyer tries
  // again, which sends the order with this page view's Idempotency-Key, so it is never placed twice.
  const formRef = useRef<HTMLFormElement>(null);
  const submit = useSubmit();
  useServerFailure(actionData, {
    scope: 'checkout',
    level: 'Modal',
    resend: () => {
      if (formRef.current) void submit(formRef.current);
    },
  });

  // Checkout starts at its heading, also when opened directly (issue 24): the keyboard begins in the page, not the body.
  useEffect(() => focusPageHeading(), []);
  // The server's choice wins after it changed the cart (e.g. a shipping method not offered for the new country).
  useEffect(() => setShippingMethodId(data.shippingMethodId), [data.shippingMethodId]);
  useEffect(() => {
    if (actionData?.formError) alertRef.current?.focus();
  }, [actionData]);
  // A refused order for a cart changed meanwhile: reload the summary (React Router keeps the old one after a 409
  // answer). The reload clears the action's answer, so its message is kept here until the next "Place order".
  const revalidator = useRevalidator();
  const [cartChangedMessage, setCartChangedMessage] = useState<string | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per refused answer
  useEffect(() => {
    if (!actionData?.cartChanged) return;
    setCartChangedMessage(actionData.formError ?? null);
    void revalidator.revalidate();
  }, [actionData]);
  useEffect(() => {
    if (isPlacing) setCartChangedMessage(null);
  }, [isPlacing]);

  const calculated = data.calculated;
  // The method the summary is priced with (the cart's, else the first offered): its name.
  const pricedShipping =
    data.shippingMethods.find(
      (method) => method.shippingMethodId === (calculated?.shippingMethod?.shippingMethodId ?? shippingMethodId),
    ) ?? null;
  const formError = actionData?.formError ?? fetcher.data?.formError ?? cartChangedMessage;
  // Paying on account: the order must fit the available credit (CreateOrderByCartId refuses it otherwise, ADR 019).
  const paysOnAccount =
    data.paymentMethods.find((method) => method.paymentMethodId === paymentMethodId)?.kind === 'Invoice';
  const credit =
    data.creditStatus && paysOnAccount
      ? checkCredit(data.creditStatus, calculated?.totalPrice.priceWithVat ?? null)
      : null;
  const isBlockedByCredit = credit?.kind === 'exceeded';

  return (
    <div>
      <h1 tabIndex={-1} className="text-3xl font-bold">
        Checkout
      </h1>
      <p className="mt-1 text-sm text-neutral-600">
        <Link to="/cart" className="underline">
          Back to the cart
        </Link>
      </p>
      <Form
        ref={formRef}
        method="post"
        className="mt-6 grid gap-8 lg:grid-cols-[minmax(0,1fr)_24rem]"
        noValidate
        onSubmit={(event) => {
          // Enter in a text field submits too: an order above the available credit is not sent
          if (isBlockedByCredit) event.preventDefault();
        }}
      >
        <input type="hidden" name="intent" value="place-order" />
        <input type="hidden" name="cartId" value={data.cart.cartId} />
        <input type="hidden" name="idempotencyKey" value={idempotencyKey} />
        {/* The lines this summary shows: a cart changed since is not ordered (ADR 035). */}
        <input type="hidden" name="cartLines" value={data.cartLinesKey} />
        <div className="flex flex-col gap-6">
          {formError ? (
            <div ref={alertRef} tabIndex={-1} className="outline-none">
              <Alert>
                {formError}
                {actionData?.isCreditLimitExceeded ? (
                  <>
                    {' '}
                    <Link to={STATEMENT_OF_ACCOUNT_PATH} className="font-medium underline">
                      See your statement of account
                    </Link>
                    .
                  </>
                ) : null}
              </Alert>
            </div>
          ) : null}
          <ChoiceGroup legend="Ship-to address" error={fieldErrors.addressId} errorId="address-error">
            {data.addresses.length === 0 ? <p className="text-sm">Your account has no ship-to address.</p> : null}
            {data.addresses.map((address) => (
              <Choice
                key={address.addressId}
                name="addressId"
                value={address.addressId}
                checked={addressId === address.addressId}
                onChange={(value) => {
                  setAddressId(value);
                  void fetcher.submit(
                    { intent: 'set-address', cartId: data.cart.cartId, addressId: value },
                    { method: 'post' },
                  );
                }}
              >
                <span className="font-medium">{address.name}</span>
                <span className="block text-neutral-700">{formatAddress(address)}</span>
              </Choice>
            ))}
          </ChoiceGroup>

          <ChoiceGroup legend="Shipping method" error={fieldErrors.shippingMethodId} errorId="shipping-error">
            {data.shippingMethods.length === 0 ? (
              <p className="text-sm">No shipping method delivers to this address.</p>
            ) : null}
            {data.shippingMethods.map((method) => (
              <Choice
                key={method.shippingMethodId}
                name="shippingMethodId"
                value={method.shippingMethodId}
                checked={shippingMethodId === method.shippingMethodId}
                onChange={(value) => {
                  setShippingMethodId(value);
                  void fetcher.submit(
                    { intent: 'set-shipping-method', cartId: data.cart.cartId, shippingMethodId: value },
                    { method: 'post' },
                  );
                }}
              >
                <span className="font-medium">{method.name}</span>
                <span className="block text-neutral-700" data-testid="shipping-method-fee">
                  Freight {formatMoney(method.fee.priceWithoutVat, method.currencyCode)} excl. VAT
                </span>
                {method.freeAbove !== null ? (
                  <span className="block text-xs text-neutral-600">
                    Free from {formatMoney(method.freeAbove, method.currencyCode)} (goods excl. VAT)
                  </span>
                ) : null}
              </Choice>
            ))}
          </ChoiceGroup>

          <ChoiceGroup legend="Payment method" error={fieldErrors.paymentMethodId} errorId="payment-error">
            {data.paymentMethods.map((method) => (
              <Choice
                key={method.paymentMethodId}
                name="paymentMethodId"
                value={method.paymentMethodId}
                checked={paymentMethodId === method.paymentMethodId}
                onChange={setPaymentMethodId}
              >
                <span className="font-medium">{method.name}</span>
                {method.kind === 'Invoice' && method.paymentMethodId === paymentMethodId && credit ? (
                  <AvailableCredit check={credit} currencyCode={data.cart.currencyCode} />
                ) : null}
              </Choice>
            ))}
          </ChoiceGroup>

          <fieldset className="flex flex-col gap-4 rounded-lg border border-neutral-200 bg-white p-4">
            <legend className="px-1 text-lg font-semibold">Order details</legend>
            <TextField
              label="Reference (PO number)"
              name="reference"
              maxLength={MAX_REFERENCE_LENGTH}
              defaultValue={data.cart.reference ?? ''}
              error={fieldErrors.reference}
            />
            <div className="flex flex-col gap-1">
              <label htmlFor="checkout-comment" className="text-sm font-medium text-neutral-800">
                Comment
              </label>
              <textarea
                id="checkout-comment"
                name="comment"
                rows={3}
                maxLength={MAX_COMMENT_LENGTH}
                defaultValue={data.cart.comment ?? ''}
                aria-invalid={fieldErrors.comment ? true : undefined}
                aria-describedby={fieldErrors.comment ? 'comment-error' : undefined}
                className="rounded-md border border-neutral-300 bg-white px-3 py-2 text-sm"
              />
              {fieldErrors.comment ? (
                <p id="comment-error" className="text-sm text-red-700">
                  {fieldErrors.comment}
                </p>
              ) : null}
            </div>
          </fieldset>
        </div>

        <aside
          aria-labelledby="order-summary-heading"
          className="flex flex-col gap-4 self-start rounded-lg border border-neutral-200 bg-white p-4"
        >
          <h2 id="order-summary-heading" className="text-lg font-semibold">
            Order summary
          </h2>
          {calculated ? (
            <>
              <OrderSummary
                lines={toSummaryLines(calculated.lines)}
                totals={orderTotals(calculated, {
                  priceGroup: data.priceGroup,
                  shippingName: pricedShipping?.name ?? null,
                })}
                isBackorder={calculated.isBackorder}
              />
              <OrderTermsNotes calculated={calculated} />
            </>
          ) : (
            <p role="alert" className="text-sm text-red-800">
              The order summary could not be calculated. The order is priced again when you place it.
            </p>
          )}
          <p aria-live="polite" className="sr-only">
            {fetcher.state !== 'idle' ? 'Updating the order summary…' : ''}
          </p>
          {credit ? <CreditLimitMessage check={credit} currencyCode={data.cart.currencyCode} /> : null}
          <Button
            type="submit"
            severity="cta-2"
            className={cn('w-full', isBlockedByCredit && 'cursor-not-allowed opacity-60')}
            aria-disabled={isPlacing || isBlockedByCredit || undefined}
            aria-describedby={isBlockedByCredit ? CREDIT_LIMIT_MESSAGE_ID : undefined}
            onClick={(event) => {
              // a second click while the order is on its way must not send it again; an order above the available
              // credit is not sent at all (the message above says why)
              if (isPlacing || isBlockedByCredit) event.preventDefault();
            }}
          >
            {isPlacing ? 'Placing order…' : 'Place order'}
          </Button>
          <p className="text-xs text-neutral-600">Payment on account is invoiced with the goods.</p>
        </aside>
      </Form>
    </div>
  );
}
