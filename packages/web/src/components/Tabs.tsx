/** A row of tabs with an underline on the active one; `label` names the tab list. */
export function Tabs<T extends string | number>({
  label,
  values,
  active,
  text,
  onChange,
  className = 'flex gap-3',
}: {
  label?: string;
  values: readonly T[];
  active: T;
  text(value: NoInfer<T>): string;
  onChange(value: NoInfer<T>): void;
  className?: string;
}) {
  return (
    <div role="tablist" aria-label={label} className={className} style={{ borderColor: 'var(--border)' }}>
      {values.map((value) => (
        <button
          key={value}
          type="button"
          role="tab"
          aria-selected={active === value}
          className="-mb-px border-b-2 pb-1"
          style={{ borderColor: active === value ? 'var(--accent)' : 'transparent' }}
          onClick={() => onChange(value)}
        >
          {text(value)}
        </button>
      ))}
    </div>
  );
}
