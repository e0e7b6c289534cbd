import { createElement as h } from "react";
import { renderToString } from "react-dom/server";
import { MemoryRouter, Link as RouterLink } from "react-router";
import { describe, expect, it } from "vitest";
import { IslandRouter, Link, useRouteLoaderData } from "../../app/islands/router-shim.tsx";

/** React Router's Link rendered on the server, as a marketing page's HTML carries it. */
const routerHtml = (props: Record<string, unknown>) => renderToString(h(MemoryRouter, null, h(RouterLink, props as never)));
/** The islands build's Link, which hydrates that HTML. */
const shimHtml = (props: Record<string, unknown>) => renderToString(h(Link, props as never));

describe("issue 14.4 / decision 0017: the islands' stand-in for React Router renders the same markup", () => {
  it.each([
    { to: "/price", className: "rounded-md px-3" },
    { to: "/de/settings", "aria-label": "Sign in", children: "Sign in" },
    { to: "/privacy-policy?x=1", className: "underline", children: "Privacy policy" },
    { to: "https://example.com/a", children: "out" },
    { to: "/blog", discover: "none", children: "Blog" },
  ])("Link %o", (props) => {
    expect(shimHtml(props)).toBe(routerHtml(props));
  });

  it("useRouteLoaderData answers the root data the server wrote, nothing for another route", () => {
    const seen: unknown[] = [];
    function Probe() {
      seen.push(useRouteLoaderData("root"), useRouteLoaderData("home"));
      return null;
    }
    renderToString(h(IslandRouter, { root: { lang: "de" }, children: h(Probe) }));
    expect(seen).toEqual([{ lang: "de" }, undefined]);
  });
});
