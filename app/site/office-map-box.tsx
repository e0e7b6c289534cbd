import { lazy, Suspense, useEffect, useRef, useState } from "react";
import type { OfficeMapProps } from "./office-map.client.tsx";

const OfficeMap = lazy(() => import("./office-map.client.tsx"));

/** What the office map box of /contacts needs: the map's props (its address is also the placeholder). */
export type OfficeMapBoxProps = OfficeMapProps;

/**
 * The office map box of /contacts (issue 4): the address until the box comes near the viewport,
 * then the map (leaflet, loaded only then, in the browser only). An island on the marketing page
 * (decision 0017).
 */
export function OfficeMapBox(props: OfficeMapBoxProps) {
  const ref = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(false);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const io = new IntersectionObserver((e) => e.some((x) => x.isIntersecting) && setNear(true), { rootMargin: "200px" });
    io.observe(el);
    return () => io.disconnect();
  }, []);
  return (
    <div
      ref={ref}
      className="relative min-h-96 flex-1 overflow-hidden rounded-[var(--radius-card)] border border-ink-100 bg-ink-100"
      data-testid="office-map"
    >
      {near ? (
        <Suspense fallback={null}>
          <OfficeMap {...props} />
        </Suspense>
      ) : (
        <p className="absolute inset-0 flex items-center justify-center p-6 text-center text-ink-700">{props.address}</p>
      )}
    </div>
  );
}
