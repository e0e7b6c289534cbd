import { useEffect, useId, useMemo, useRef, useState } from "react";
import type { CountryCode } from "libphonenumber-js";
import { MT } from "../manager/text-ids.ts";
import { useLang, useT } from "../i18n/use-texts.ts";
import { countryOptions, findOption, listPlacement, lookupCountry, typeToFindBuffer, type DialCountry } from "./phone-input-countries.ts";
import {
  applyPhoneEdit,
  DEFAULT_PHONE_OPTIONS,
  flagUrl,
  PHONE,
  phoneValue,
  switchCountry,
  type PhoneFieldState,
  type PhoneInputOptions,
} from "./phone-input-rules.ts";

/** What the phone input reports on every change. `number` is E.164, or "" when empty or not a number (spec 5). */
export interface PhoneChange {
  text: string;
  country: CountryCode;
  number: string;
}

/** Props of {@link PhoneInput}. Options default to spec 9's. */
export interface PhoneInputProps {
  id: string;
  /** Initial text (e.g. the user's saved phone). */
  defaultText?: string;
  /** Initial country; when absent the IP lookup picks it (autoDefaultCountry), else US. */
  defaultCountry?: CountryCode | undefined;
  onChange?: (change: PhoneChange) => void;
  invalid?: boolean;
  /** Id of the element describing the field (its error message). */
  describedBy?: string | undefined;
  required?: boolean;
  options?: Partial<PhoneInputOptions>;
  /** IP-to-country lookup URL (spec 7); GET /api/geo/ip2c by default. */
  ip2cUrl?: string;
  className?: string;
}

interface Row {
  key: string;
  country: DialCountry;
}

/**
 * The phone input (spec 5, 9): a country button with flag and dial code opening a listbox of
 * about 240 countries (US and GB on top, type-to-find resetting after 700 ms, opening below when
 * more than 200 px are free, else above; full keyboard support with aria-activedescendant) and
 * a tel field that formats as you type (libphonenumber-js AsYouType) in auto, national or
 * international mode. The default country comes from the IP lookup when autoDefaultCountry is
 * on; a failed lookup ('unable to fetch the country') keeps US.
 */
export function PhoneInput({
  id,
  defaultText = "",
  defaultCountry,
  onChange,
  invalid,
  describedBy,
  required,
  options,
  ip2cUrl = "/api/geo/ip2c",
  className = "",
}: PhoneInputProps) {
  const opts = { ...DEFAULT_PHONE_OPTIONS, ...options };
  const t = useT();
  const { bcp47 } = useLang();
  const listId = useId();
  const { preferred, all } = useMemo(() => countryOptions(bcp47), [bcp47]);
  const rows: Row[] = useMemo(
    () => [...preferred.map((c) => ({ key: `p-${c.code}`, country: c })), ...all.map((c) => ({ key: `a-${c.code}`, country: c }))],
    [preferred, all],
  );
  const [state, setState] = useState<PhoneFieldState>({ text: defaultText, country: defaultCountry ?? PHONE.defaultCountry });
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const [placement, setPlacement] = useState<"below" | "above">("below");
  const typed = useRef({ buffer: "", at: -Infinity });
  const button = useRef<HTMLButtonElement>(null);
  const list = useRef<HTMLUListElement>(null);
  const touched = useRef(false);
  const current = all.find((c) => c.code === state.country) ?? all[0]!;

  function emit(next: PhoneFieldState) {
    setState(next);
    onChange?.({ text: next.text, country: next.country, number: phoneValue(next) });
  }

  useEffect(() => {
    if (defaultCountry || !opts.autoDefaultCountry) return;
    let live = true;
    lookupCountry(ip2cUrl).then(
      (code) => {
        if (live && !touched.current) setState((s) => (s.text.trim() ? s : { ...s, country: code }));
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [defaultCountry, opts.autoDefaultCountry, ip2cUrl]);

  useEffect(() => {
    if (!open) return;
    list.current?.focus();
    document.getElementById(`${listId}-${rows[active]?.key}`)?.scrollIntoView({ block: "nearest" });
  }, [open, active, listId, rows]);

  function openList() {
    const rect = button.current?.getBoundingClientRect();
    setPlacement(listPlacement(rect ? window.innerHeight - rect.bottom : Infinity));
    const idx = rows.findIndex((r) => r.key.startsWith("a-") && r.country.code === state.country);
    setActive(idx < 0 ? 0 : idx);
    typed.current = { buffer: "", at: -Infinity };
    setOpen(true);
  }

  function close(focusButton: boolean) {
    setOpen(false);
    if (focusButton) button.current?.focus();
  }

  function choose(idx: number) {
    const row = rows[idx];
    if (!row) return;
    touched.current = true;
    emit(switchCountry(state, row.country.code, opts));
    close(true);
  }

  function onListKey(e: React.KeyboardEvent) {
    const last = rows.length - 1;
    const moves: Record<string, number> = {
      ArrowDown: Math.min(active + 1, last),
      ArrowUp: Math.max(active - 1, 0),
      Home: 0,
      End: last,
      PageDown: Math.min(active + 10, last),
      PageUp: Math.max(active - 10, 0),
    };
    if (e.key in moves) {
      e.preventDefault();
      setActive(moves[e.key]!);
    } else if (e.key === "Enter" || e.key === " ") {
      e.preventDefault();
      if (e.key === " " && typed.current.buffer && e.timeStamp - typed.current.at < PHONE.typeToFindResetMs) {
        typeAhead(" ", e.timeStamp);
        return;
      }
      choose(active);
    } else if (e.key === "Escape") {
      e.preventDefault();
      close(true);
    } else if (e.key === "Tab") {
      close(false);
    } else if (e.key.length === 1 && !e.ctrlKey && !e.metaKey && !e.altKey) {
      e.preventDefault();
      typeAhead(e.key, e.timeStamp);
    }
  }

  function typeAhead(key: string, at: number) {
    typed.current = typeToFindBuffer(typed.current, key, at);
    const idx = findOption(
      rows.map((r) => r.country),
      typed.current.buffer,
      active,
    );
    if (idx >= 0) setActive(idx);
  }

  const countryLabel = `${t(MT.phoneCountry)}: ${current.name} +${current.dialCode}`;
  return (
    <div className={`relative flex w-full ${className}`}>
      <button
        ref={button}
        type="button"
        id={`${id}-country`}
        aria-haspopup="listbox"
        aria-expanded={open}
        aria-controls={open ? listId : undefined}
        aria-label={countryLabel}
        title={countryLabel}
        onClick={() => (open ? close(true) : openList())}
        onKeyDown={(e) => {
          if (!open && (e.key === "ArrowDown" || e.key === "ArrowUp")) {
            e.preventDefault();
            openList();
          }
        }}
        className={`flex shrink-0 items-center gap-1.5 rounded-l-lg border border-r-0 bg-ink-50 px-2.5 text-sm text-ink-900 hover:bg-ink-100 ${
          invalid ? "border-danger-600" : "border-ink-300"
        }`}
      >
        {opts.flags && (
          <img src={flagUrl(current.code)} alt="" width={21} height={14} className="rounded-[2px] shadow-[0_0_0_1px_rgba(0,0,0,0.1)]" />
        )}
        <span className="tabular-nums">+{current.dialCode}</span>
        <svg width="10" height="10" viewBox="0 0 10 10" aria-hidden="true">
          <path d="M1 3l4 4 4-4" stroke="currentColor" strokeWidth="1.5" fill="none" />
        </svg>
      </button>
      <input
        id={id}
        type={PHONE.type}
        name={PHONE.name}
        inputMode="tel"
        autoComplete="tel"
        placeholder={t(MT.phonePlaceholder) || PHONE.placeholder}
        maxLength={PHONE.maxLength}
        required={required}
        value={state.text}
        aria-invalid={invalid ? true : undefined}
        aria-describedby={describedBy}
        onChange={(e) => {
          touched.current = true;
          const next = applyPhoneEdit(state, e.target.value, opts);
          if (next !== state) emit(next);
        }}
        className={`w-full min-w-0 flex-1 rounded-r-lg border bg-white px-3 py-2.5 text-ink-900 outline-none placeholder:text-ink-300 focus:border-forge-500 focus:ring-2 focus:ring-forge-100 ${
          invalid ? "border-danger-600" : "border-ink-300"
        }`}
      />
      {open && (
        <ul
          ref={list}
          id={listId}
          role="listbox"
          tabIndex={-1}
          aria-label={t(MT.phoneCountry)}
          aria-activedescendant={`${listId}-${rows[active]?.key}`}
          data-placement={placement}
          onKeyDown={onListKey}
          onBlur={(e) => {
            if (!e.currentTarget.parentElement?.contains(e.relatedTarget)) setOpen(false);
          }}
          className={`absolute left-0 z-50 max-h-64 w-full min-w-64 overflow-y-auto rounded-lg border border-ink-100 bg-white py-1 shadow-xl outline-none sm:w-80 ${
            placement === "below" ? "top-full mt-1" : "bottom-full mb-1"
          }`}
        >
          {rows.map((r, i) => (
            <li
              key={r.key}
              id={`${listId}-${r.key}`}
              role="option"
              aria-selected={r.country.code === state.country}
              data-code={r.country.code}
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => choose(i)}
              onMouseMove={() => i !== active && setActive(i)}
              className={`flex cursor-pointer items-center gap-2 px-3 py-1.5 text-sm ${i === active ? "bg-forge-100" : ""} ${
                i === preferred.length - 1 ? "border-b border-ink-100 pb-2" : ""
              }`}
            >
              {opts.flags && <img src={flagUrl(r.country.code)} alt="" width={21} height={14} loading="lazy" className="rounded-[2px]" />}
              <span className="flex-1 truncate">{r.country.name}</span>
              {opts.showDialCode && <span className="text-ink-500 tabular-nums">+{r.country.dialCode}</span>}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
