import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { createStaticHandler, createStaticRouter, Outlet, RouterContextProvider, StaticRouterProvider, useLoaderData } from "react-router";
import { requestInfoContext, servicesContext } from "../../server/http/router-context.server.ts";
import { loader as rootLoader } from "../../app/root.tsx";
import * as PriceModule from "../../app/routes/price.tsx";
import type { loader as priceLoader } from "../../app/routes/price.tsx";
import type { Owner } from "../../server/access/owner.server.ts";
import type { Services } from "../../server/services.server.ts";

/** A route module as the router loads it: its loader and screen. */
interface ScreenModule {
  loader: (args: never) => unknown;
  default: unknown;
}

/**
 * Server-renders one screen (route `id` at `path` below the optional language segment) at `url`
 * ("/payments", "/de/payments") with the real root loader, for the holder of `cookie` whose
 * ownership is `owner` (a visitor with nothing by default).
 */
export async function renderScreen(
  s: Services,
  screen: { id: string; path: string; module: ScreenModule },
  url: string,
  cookie = "",
  owner: Owner = { visitorId: null, userId: null },
): Promise<{ html: string; data: unknown }> {
  const Screen = screen.module.default;
  const routes = [
    {
      id: "root",
      path: "/:lang?",
      loader: rootLoader as never,
      Component: Outlet,
      children: [
        {
          id: screen.id,
          path: screen.path,
          loader: screen.module.loader as never,
          Component: () => createElement(Screen as never, { loaderData: useLoaderData() }),
        },
      ],
    },
  ];
  const handler = createStaticHandler(routes);
  const context = new RouterContextProvider();
  context.set(servicesContext, s);
  context.set(requestInfoContext, { visitorId: owner.visitorId, requestId: "t", ip: "", nonce: "", owner: async () => owner });
  const result = await handler.query(new Request(`http://rankforge.test${url}`, { headers: { cookie } }), { requestContext: context });
  if (result instanceof Response) throw new Error(`unexpected response ${result.status}`);
  const html = renderToString(
    createElement(StaticRouterProvider, { router: createStaticRouter(handler.dataRoutes, result), context: result }),
  );
  return { html, data: result.loaderData[screen.id] };
}

/** Server-renders the prices page at `path` ("/price", "/de/price") for the holder of `cookie` with the real loaders. */
export async function renderPrice(
  s: Services,
  cookie: string,
  path = "/price",
): Promise<{ html: string; data: Awaited<ReturnType<typeof priceLoader>> }> {
  const { html, data } = await renderScreen(s, { id: "price", path: "price", module: PriceModule }, path, cookie);
  return { html, data: data as Awaited<ReturnType<typeof priceLoader>> };
}

/** The address of the page's buy button (the spec 7 checkout link), HTML entities decoded. */
export function buyHref(html: string): string {
  const m = /<a href="([^"]+)"[^>]*data-testid="buy"/.exec(html);
  if (!m) throw new Error("no buy button on the page");
  return m[1]!.replace(/&amp;/g, "&");
}
