import { AppError, errorText } from "../../errors.server.ts";
import type { Services } from "../../services.server.ts";
import { fastspringProvider } from "./fastspring.server.ts";
import { sandboxProvider, sandboxSecret } from "./sandbox.server.ts";
import { stripeProvider } from "./stripe.server.ts";
import type { PaymentProvider, ProviderName } from "./types.server.ts";

/**
 * The provider named `name` configured from the environment (issue 13.3). The sandbox is always
 * available (test payments); FastSpring and Stripe only when their secrets are set.
 * @throws AppError "not_found" naming "provider" when that provider is not configured.
 */
export function providerFor(services: Services, name: ProviderName): PaymentProvider {
  const e = services.env;
  if (name === "sandbox") return sandboxProvider(sandboxSecret(e.SANDBOX_WEBHOOK_SECRET, services.cookieSecret));
  if (name === "fastspring" && e.FASTSPRING_WEBHOOK_SECRET && e.FASTSPRING_CHECKOUT_URL)
    return fastspringProvider({
      checkoutUrl: e.FASTSPRING_CHECKOUT_URL,
      webhookSecret: e.FASTSPRING_WEBHOOK_SECRET,
      apiUrl: e.FASTSPRING_API_URL,
      apiUser: e.FASTSPRING_API_USER,
      apiPassword: e.FASTSPRING_API_PASSWORD,
      testMode: e.FASTSPRING_TEST_MODE,
    });
  if (name === "stripe" && e.STRIPE_SECRET_KEY && e.STRIPE_WEBHOOK_SECRET)
    return stripeProvider({
      apiUrl: e.STRIPE_API_URL,
      secretKey: e.STRIPE_SECRET_KEY,
      webhookSecret: e.STRIPE_WEBHOOK_SECRET,
      toleranceS: e.STRIPE_TOLERANCE_S,
    });
  throw new AppError("not_found", errorText(58174, { provider: name }), "provider");
}

/** The provider new checkouts use (PAYMENT_PROVIDER, sandbox by default). */
export const checkoutProvider = (services: Services): PaymentProvider => providerFor(services, services.env.PAYMENT_PROVIDER);

export type { PaymentProvider, ProviderName };
