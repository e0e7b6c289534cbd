import { useEffect, useRef, useState } from "react";
import L from "leaflet";
import { MapContainer, Marker, Popup, TileLayer } from "react-leaflet";
import "leaflet/dist/leaflet.css";

/** What the office map shows: tiles, the office position and the info window contents. */
export interface OfficeMapProps {
  tileUrl: string;
  attribution: string;
  lat: number;
  lng: number;
  title: string;
  address: string;
  phone: string;
  email: string;
  /** Shown with the address instead of the map when no tile loads (issue 16 point 16). */
  fallbackText: string;
}

/** Tile errors with no tile loaded after which the map gives way to the static fallback. */
const FAILED_TILES = 4;

const pin = L.divIcon({
  className: "",
  html: '<svg width="32" height="42" viewBox="0 0 32 42" aria-hidden="true"><path d="M16 0C7.2 0 0 7 0 15.7 0 27.5 16 42 16 42s16-14.5 16-26.3C32 7 24.8 0 16 0z" fill="#d9480f"/><circle cx="16" cy="15.5" r="6" fill="#fff"/></svg>',
  iconSize: [32, 42],
  iconAnchor: [16, 42],
  popupAnchor: [0, -38],
});

/**
 * The contacts page map (issue 4; spec 1 "head office in Kyiv drawn on a map with a marker and
 * an info window"): Leaflet through react-leaflet, loaded only in the browser as a lazy island.
 * Clicking the marker opens the info window with the address and contacts.
 */
export default function OfficeMap(p: OfficeMapProps) {
  const marker = useRef<L.Marker>(null);
  const tiles = useRef({ loaded: 0, failed: 0 });
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    const el = marker.current?.getElement();
    if (el) el.setAttribute("aria-label", p.title);
  }, [p.title]);
  if (failed) return <StaticMapFallback text={p.fallbackText} address={p.address} />;
  return (
    <MapContainer center={[p.lat, p.lng]} zoom={16} scrollWheelZoom={false} className="h-full w-full" attributionControl>
      <TileLayer
        url={p.tileUrl}
        attribution={p.attribution}
        eventHandlers={{
          tileload: () => void tiles.current.loaded++,
          tileerror: () => {
            tiles.current.failed++;
            if (tiles.current.loaded === 0 && tiles.current.failed >= FAILED_TILES) setFailed(true);
          },
        }}
      />
      <Marker ref={marker} position={[p.lat, p.lng]} icon={pin} title={p.title} alt={p.title} keyboard>
        <Popup>
          <div data-testid="office-info">
            <strong className="block text-base">{p.title}</strong>
            <span className="mt-1 block">{p.address}</span>
            <a href={`tel:${p.phone.replace(/\s+/g, "")}`} className="mt-1 block">
              {p.phone}
            </a>
            <a href={`mailto:${p.email}`} className="block">
              {p.email}
            </a>
          </div>
        </Popup>
      </Marker>
    </MapContainer>
  );
}

/** The office without tiles: a pin drawing, what happened and the address (issue 16 point 16). */
export function StaticMapFallback({ text, address }: { text: string; address: string }) {
  return (
    <div className="absolute inset-0 flex flex-col items-center justify-center gap-3 bg-ink-50 p-6 text-center" data-testid="map-fallback">
      <svg width="40" height="52" viewBox="0 0 32 42" aria-hidden="true">
        <path d="M16 0C7.2 0 0 7 0 15.7 0 27.5 16 42 16 42s16-14.5 16-26.3C32 7 24.8 0 16 0z" fill="#d9480f" />
        <circle cx="16" cy="15.5" r="6" fill="#fff" />
      </svg>
      <p className="text-sm text-ink-700">{text}</p>
      <p className="font-semibold text-ink-900">{address}</p>
    </div>
  );
}
