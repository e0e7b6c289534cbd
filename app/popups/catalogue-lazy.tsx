import { lazy, Suspense } from "react";
import type { CataloguePopupProps } from "./catalogue.tsx";

const Catalogue = lazy(() => import("./catalogue.tsx").then((m) => ({ default: m.CataloguePopup })));

/** {@link CataloguePopupProps} popup whose code (with the phone input) loads only when it opens. */
export function LazyCataloguePopup(props: CataloguePopupProps) {
  if (!props.open) return null;
  return (
    <Suspense fallback={null}>
      <Catalogue {...props} />
    </Suspense>
  );
}
