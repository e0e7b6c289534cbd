/** The Rankforge mark: an anvil-shaped bar chart. */
export function Logo({ className = "" }: { className?: string }) {
  return (
    <span className={`inline-flex items-center gap-2 font-bold tracking-tight ${className}`}>
      <svg width="28" height="28" viewBox="0 0 32 32" aria-hidden="true">
        <rect width="32" height="32" rx="8" fill="#f0601f" />
        <rect x="7" y="17" width="4" height="8" rx="1" fill="#fff" />
        <rect x="14" y="12" width="4" height="13" rx="1" fill="#fff" />
        <rect x="21" y="7" width="4" height="18" rx="1" fill="#fff" />
      </svg>
      Rankforge
    </span>
  );
}
