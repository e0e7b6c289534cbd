import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { createStaticHandler, createStaticRouter, Outlet, RouterContextProvider, StaticRouterProvider, useLoaderData } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { servicesContext } from "../../server/http/router-context.server.ts";
import { loader as rootLoader } from "../../app/root.tsx";
import Reviews, { loader as reviewsLoader } from "../../app/routes/reviews.tsx";
import { moderateReview, parseReview, submitReview } from "../../server/reviews/reviews.server.ts";
import type { Services } from "../../server/services.server.ts";
import { startTestServices } from "../helpers/services.ts";

/** Server-renders /client-testimonials or /autoseo-client-reviews with the real loaders on the test database. */
async function render(s: Services, path: string): Promise<string> {
  const routes = [
    {
      id: "root",
      path: "/:lang?",
      loader: rootLoader as never,
      Component: Outlet,
      children: [
        {
          id: "reviews",
          path: path.slice(1),
          loader: reviewsLoader as never,
          Component: () => createElement(Reviews as never, { loaderData: useLoaderData() }),
        },
      ],
    },
  ];
  const handler = createStaticHandler(routes);
  const context = new RouterContextProvider();
  context.set(servicesContext, s);
  const result = await handler.query(new Request(`http://rankforge.test${path}`), { requestContext: context });
  if (result instanceof Response) throw new Error(`unexpected response ${result.status}`);
  return renderToString(createElement(StaticRouterProvider, { router: createStaticRouter(handler.dataRoutes, result), context: result }));
}

describe("issue 4 testimonials and AutoSEO reviews screens — only approved reviews, AggregateRating only from them", () => {
  let s: Services;
  beforeAll(async () => {
    s = await startTestServices("pglite");
  });
  afterAll(() => s?.close());

  it("shows the honest empty state until a review is approved, then the review and its rating markup", async () => {
    const parsed = parseReview({
      name: "Taras Melnyk",
      email: "t@example.com",
      product: "autoseo",
      rating: "4",
      text: "Weekly fixes were clear and our shop's category pages got indexed.",
      consent: "on",
    });
    if (!parsed.ok) throw new Error("fixture invalid");
    const id = await submitReview(s.db, parsed.review, { ip: "192.0.2.44", lang: "ua" });

    for (const path of ["/client-testimonials", "/autoseo-client-reviews"]) {
      const pending = await render(s, path);
      expect(pending, path).toContain("Be the first to review");
      expect(pending, path).not.toContain("Taras Melnyk");
      expect(pending, path).not.toContain("AggregateRating");
    }

    await moderateReview(s.db, id, "approved");
    const autoseo = await render(s, "/autoseo-client-reviews");
    expect(autoseo).toContain("Taras Melnyk");
    expect(autoseo).toMatch(/<blockquote lang="uk"/);
    expect(autoseo).not.toContain("t@example.com");
    expect(autoseo).toContain('"@type":"Product","name":"AutoSEO"');
    expect(autoseo).toContain(
      '"aggregateRating":{"@type":"AggregateRating","ratingValue":4,"reviewCount":1,"bestRating":5,"worstRating":1}',
    );
    expect(autoseo).toContain("Average rating: 4 out of 5 · Reviews: 1");
    expect(await render(s, "/client-testimonials")).toContain('"@type":"Organization","name":"Rankforge"');
  });
});
