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
    <div role="tablist" aria-label={label} className={`${className} border-line`}>
      {values.map((value) => (
        <button
          key={value}
          type="button"
          role="tab"
          aria-selected={active === value}
          className={`-mb-px border-b-2 pb-1 ${active === value ? 'border-accent' : 'border-transparent'}`}
          onClick={() => onChange(value)}
        >
          {text(value)}
        </button>
      ))}
    </div>
  );
}
