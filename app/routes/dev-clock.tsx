import { data, Form, useLoaderData } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/dev-clock";
import { clockNow, clockOffsetMs, setClockOffsetMs } from "../../server/clock.server.ts";
import { actionError, formInput } from "../../server/http/action.server.ts";
import { servicesContext } from "../../server/http/router-context.server.ts";
import type { Services } from "../../server/services.server.ts";

const DAY_MS = 86_400_000;

function devOnly(services: Services) {
  if (services.env.NODE_ENV === "production" && !services.env.DEV_PAGES) throw data(null, { status: 404 });
}

/**
 * /dev/clock (development only, like /dev/outbox): moves the product's clock whole days ahead, so
 * the next rank check ("check now") runs as the next day and history, changes and alerts appear.
 */
export async function loader({ context }: Route.LoaderArgs) {
  devOnly(context.get(servicesContext));
  return { now: clockNow().toISOString(), days: Math.round(clockOffsetMs() / DAY_MS) };
}

const schema = z.object({ days: z.coerce.number().int().min(0).max(366) });

/** Sets the offset in whole days ahead of real time. */
export async function action({ request, context }: Route.ActionArgs) {
  devOnly(context.get(servicesContext));
  try {
    const { days } = await formInput(request, schema);
    setClockOffsetMs(days * DAY_MS);
    return { now: clockNow().toISOString(), days };
  } catch (err) {
    return actionError(err, { request, context });
  }
}

export function meta() {
  return [{ title: "Clock (development) — Rankforge" }, { name: "robots", content: "noindex, nofollow" }];
}

export default function DevClock({ actionData }: Route.ComponentProps) {
  const loaded = useLoaderData<typeof loader>();
  const shown = actionData && "now" in actionData ? actionData : loaded;
  const error = actionData && "error" in actionData ? actionData.error : null;
  return (
    <main id="main" className="flex-1">
      <div className="container-page py-10">
        <h1 className="text-3xl font-extrabold text-ink-900">Clock</h1>
        <p className="mt-2 text-ink-500">
          Moves the product&apos;s clock ahead in whole days, for rank checks of a next day. Development only.
        </p>
        <p className="mt-4 text-ink-700" data-testid="clock-now">
          {shown.now}
        </p>
        {error && (
          <p role="alert" className="mt-3 rounded-lg bg-danger-100 p-3 text-danger-600">
            {error.message}
          </p>
        )}
        <Form method="post" className="mt-4 flex flex-wrap items-end gap-3">
          <label className="grid gap-1 text-sm font-medium">
            Days ahead of real time
            <input
              name="days"
              type="number"
              min={0}
              max={366}
              defaultValue={shown.days}
              className="rounded-lg border border-ink-300 px-3 py-2"
            />
          </label>
          <button type="submit" className="btn-primary">
            Set the clock
          </button>
        </Form>
      </div>
    </main>
  );
}
