import { useEffect, useRef, useState } from "react";

/** Spec 2 "Images load lazily": preload ratio, attempts, observer threshold. */
export const LAZY_IMAGE = { preloadRatio: 1.3, attempts: 1, threshold: 0.1 } as const;

/** A transparent 1×1 GIF kept in `src` until loading starts, so the element is always valid HTML. */
const PLACEHOLDER = "data:image/gif;base64,R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7";

/**
 * True when an element spanning `top`…`bottom` (px, relative to the viewport) is within the
 * preload area: the viewport stretched to `ratio` times its height below and above.
 */
export function inPreloadArea(top: number, bottom: number, viewportHeight: number, ratio: number = LAZY_IMAGE.preloadRatio): boolean {
  const extra = viewportHeight * (ratio - 1);
  return top < viewportHeight + extra && bottom > -extra;
}

/** A lazy image: its source, alternative text and reserved size in CSS pixels. */
export interface LazyImageProps {
  src: string;
  alt: string;
  width: number;
  height: number;
  className?: string;
}

/**
 * A lazily loaded image (spec 2): the source is set once the image comes within the preload area
 * (IntersectionObserver with threshold 0.1, and a scroll listener), one attempt only, and on load
 * its width and height attributes take the natural size. `width`/`height` reserve the space
 * before loading, so nothing shifts. Without JavaScript the <noscript> copy loads.
 */
export function LazyImage({ src, alt, width, height, className }: LazyImageProps) {
  const ref = useRef<HTMLImageElement>(null);
  const [active, setActive] = useState(false);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    const img = ref.current;
    if (!img || active) return;
    let done = false;
    const start = () => {
      if (done) return;
      done = true;
      setActive(true);
    };
    const check = () => {
      const r = img.getBoundingClientRect();
      if (inPreloadArea(r.top, r.bottom, window.innerHeight)) start();
    };
    const margin = `${Math.round((LAZY_IMAGE.preloadRatio - 1) * 100)}% 0px`;
    const observer =
      typeof IntersectionObserver === "function"
        ? new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && start(), {
            rootMargin: margin,
            threshold: LAZY_IMAGE.threshold,
          })
        : null;
    observer?.observe(img);
    window.addEventListener("scroll", check, { passive: true });
    check();
    return () => {
      observer?.disconnect();
      window.removeEventListener("scroll", check);
    };
  }, [active]);
  return (
    <>
      <img
        ref={ref}
        src={active && !failed ? src : PLACEHOLDER}
        alt={alt}
        width={width}
        height={height}
        className={className}
        decoding="async"
        data-lazy={failed ? "failed" : active ? "loading" : "waiting"}
        onLoad={(e) => {
          const img = e.currentTarget;
          if (img.src.startsWith("data:")) return;
          img.width = img.naturalWidth;
          img.height = img.naturalHeight;
          img.dataset.lazy = "loaded";
        }}
        onError={() => setFailed(true)}
      />
      <noscript>
        <img src={src} alt={alt} width={width} height={height} className={className} />
      </noscript>
    </>
  );
}
