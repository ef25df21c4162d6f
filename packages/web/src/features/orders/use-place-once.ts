import { useRef, useState } from 'react';
import { ApiError } from '../../api/http.js';
import { answerLost, requestFor, type PendingRequest } from '../assets/rules.js';

/** How a placing ended: the server's answer, or not placed (refused, lost, or one already on its way). */
export type PlaceResult<T> = { placed: true; answer: T } | { placed: false };

/**
 * Places an order once: a second press while one is on its way does nothing, and each order has
 * one request id. After a lost answer (no answer, or the server failed) the same order sent again
 * keeps its id, so the server answers the first result instead of placing it twice; after a
 * refusal or a success, the next order gets a new id. `problem` holds the server's words when it
 * refused; `onSettled` runs after every answer (refresh what the order changed, close a dialog).
 */
export function usePlaceOnce(onSettled?: () => void) {
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const inFlight = useRef(false);
  const pending = useRef<PendingRequest | null>(null);
  /** Sends the order `body` (what makes it the same order) through `send`, with its request id. */
  const place = async <T>(body: object, send: (requestId: string) => Promise<T>): Promise<PlaceResult<T>> => {
    if (inFlight.current) return { placed: false };
    inFlight.current = true;
    setBusy(true);
    setProblem(null);
    const request = requestFor(pending.current, JSON.stringify(body));
    pending.current = request;
    try {
      const answer = await send(request.id);
      pending.current = null;
      return { placed: true, answer };
    } catch (error) {
      setProblem(error instanceof ApiError ? error.message : String(error));
      if (!answerLost(error)) pending.current = null;
      return { placed: false };
    } finally {
      onSettled?.();
      inFlight.current = false;
      setBusy(false);
    }
  };
  return { place, busy, problem, setProblem };
}
