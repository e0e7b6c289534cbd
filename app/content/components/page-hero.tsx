import type { ReactNode } from "react";

/** The dark heading band of content screens: optional breadcrumbs, eyebrow, h1, lead and extras. */
export function PageHero(props: {
  eyebrow?: string;
  title: ReactNode;
  lead?: ReactNode;
  top?: ReactNode;
  children?: ReactNode;
  lang?: string;
}) {
  return (
    <section className="bg-ink-900 text-white">
      <div className="container-page py-10 sm:py-14">
        {props.top}
        {props.eyebrow && <p className="eyebrow mt-6 text-forge-500 first:mt-0">{props.eyebrow}</p>}
        <h1
          lang={props.lang}
          className={`mt-2 max-w-4xl text-3xl leading-tight font-extrabold tracking-tight text-balance ${typeof props.title === "string" && props.title.length > 60 ? "sm:text-4xl" : "sm:text-5xl"}`}
        >
          {props.title}
        </h1>
        {props.lead && <p className="mt-4 max-w-2xl text-lg leading-relaxed text-ink-300">{props.lead}</p>}
        {props.children}
      </div>
    </section>
  );
}
