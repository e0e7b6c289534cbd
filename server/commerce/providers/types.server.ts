/**
 * One interface for every payment provider (issue 13.3): build the hosted checkout address of an
 * order, turn a verified webhook into normalized events, cancel and resume subscriptions.
 */

/** What a provider's webhook event means for us. */
export type PaymentEventKind =
  | "paid"
  | "pending"
  | "failed"
  | "cancelled"
  | "rebill"
  | "subscription-cancelling"
  | "subscription-resumed"
  | "subscription-ended"
  | "refund"
  | "chargeback"
  | "ignored";

/** A provider event in our terms. Money in integer cents. */
export interface PaymentEvent {
  provider: ProviderName;
  /** Provider's event id (the deduplication key). */
  eventId: string;
  /** Provider's own event type, e.g. "order.completed". */
  type: string;
  kind: PaymentEventKind;
  /** Our order id when the event carries it (tags.order, client_reference_id, metadata.order). */
  orderId?: number | undefined;
  /** Provider's order (or payment) id. */
  providerOrderId?: string | undefined;
  subscriptionId?: string | undefined;
  totalCents?: number | undefined;
  taxCents?: number | undefined;
  currency?: string | undefined;
}

export type ProviderName = "sandbox" | "fastspring" | "stripe";

/** What a checkout needs to know about the order (spec 7 checkout link). */
export interface CheckoutOrder {
  id: number;
  productKey: string;
  /** Plan term in months (0 for the 14-day trial). */
  months: number;
  totalCents: number;
  /** Spec 7 referrer `userId*p1*p2`. */
  referrer: string;
  customerName: string;
  customerEmail: string;
  guest: boolean;
  markers: Record<string, string>;
  /** The buyer's language, a spec 2 URL code (issue 15.1): the hosted checkout's language where the provider has it. */
  lang: string;
}

/** A payment provider. */
export interface PaymentProvider {
  name: ProviderName;
  /** Address of the hosted checkout for `order`; `returnUrl` is /payment-result (in the buyer's language) without the status. */
  checkoutUrl(order: CheckoutOrder, returnUrl: string): Promise<string>;
  /**
   * Verifies a webhook over its raw body and returns its events.
   * @throws AppError "unauthorized" for a missing or wrong signature, "bad_request" for a body that is not the protocol's.
   */
  parseWebhook(rawBody: string, headers: Headers, nowMs: number): PaymentEvent[];
  /** Cancels at the end of the paid period. */
  cancelSubscription(subscriptionId: string): Promise<void>;
  /** Undoes a cancellation before the period ends. */
  resumeSubscription(subscriptionId: string): Promise<void>;
}
