import { useEffect, useState } from "react";

/** A city found by /api/rank/locations. */
interface City {
  code: number;
  name: string;
  canonical: string;
  population: number;
}

/**
 * City field of the engine form (issue 10 point 1): a text input that, once hydrated, searches the
 * country's cities as the user types and keeps the chosen GeoNames id in `locationCode`. Without
 * JavaScript the typed name is posted and resolved on the server.
 */
export function CityPicker({ country, label, hint }: { country: string; label: string; hint: string }) {
  const [q, setQ] = useState("");
  const [cities, setCities] = useState<City[]>([]);
  const [code, setCode] = useState<number | null>(null);
  useEffect(() => {
    if (q.trim().length < 2) return;
    const ctrl = new AbortController();
    const timer = window.setTimeout(() => {
      fetch(`/api/rank/locations?country=${encodeURIComponent(country)}&q=${encodeURIComponent(q)}`, { signal: ctrl.signal })
        .then((r) => r.json() as Promise<{ cities: City[] }>)
        .then((d) => {
          setCities(d.cities);
          const exact = d.cities.find((c) => c.name.toLowerCase() === q.trim().toLowerCase());
          if (exact) setCode(exact.code);
        })
        .catch(() => undefined);
    }, 200);
    return () => {
      ctrl.abort();
      window.clearTimeout(timer);
    };
  }, [q, country]);
  return (
    <label className="grid min-w-0 gap-1 text-sm font-medium">
      {label}
      <input
        name="city"
        value={q}
        onChange={(e) => {
          setQ(e.currentTarget.value);
          setCode(null);
          if (e.currentTarget.value.trim().length < 2) setCities([]);
        }}
        list="rank-cities"
        autoComplete="off"
        className="w-full min-w-0 rounded-lg border border-ink-300 px-3 py-2"
      />
      <datalist id="rank-cities">
        {cities.map((c) => (
          <option key={c.code} value={c.name}>
            {c.canonical}
          </option>
        ))}
      </datalist>
      <input type="hidden" name="locationCode" value={code ?? ""} />
      <span className="text-xs font-normal text-ink-500">{hint}</span>
    </label>
  );
}
