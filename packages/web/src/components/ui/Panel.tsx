/** A bordered box; `className` sets its padding and layout. */
export function Panel({ children, className = '' }: { children: React.ReactNode; className?: string }) {
  return <div className={`min-w-0 rounded border border-line ${className}`}>{children}</div>;
}
