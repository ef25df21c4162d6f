/** The colour of a badge's words: muted, or a state's green, red or amber. */
export type BadgeTone = 'muted' | 'up' | 'down' | 'warn';

const TONE: Record<BadgeTone, string> = {
  muted: 'text-muted',
  up: 'text-up',
  down: 'text-down',
  warn: 'text-warn',
};

/** A small bordered word beside a name: a level, a state. */
export function Badge({
  tone = 'muted',
  title,
  children,
}: {
  tone?: BadgeTone;
  title?: string;
  children: React.ReactNode;
}) {
  return (
    <span className={`whitespace-nowrap rounded border border-line px-1 text-xs ${TONE[tone]}`} title={title}>
      {children}
    </span>
  );
}
