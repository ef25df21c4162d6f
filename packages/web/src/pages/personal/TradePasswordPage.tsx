import { ComingSoon } from '../ComingSoon.js';

/** Placeholder until this page is built (issue 15). */
export function TradePasswordPage() {
  return <ComingSoon />;
}
