import { api, type FeedbackSubmitRequest, type FeedbackView } from '@oex/protocol';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../api/http.js';
import { useSession } from '../session.js';

/** Feedback: the user's own list with replies, and sending one. */

export const FEEDBACK_PAGE_SIZE = 10;
export const feedbackKeys = { list: ['feedback/list'] as const };

export function useFeedbackList(page: number) {
  const token = useSession((state) => state.token);
  return useQuery({
    queryKey: [...feedbackKeys.list, page, token],
    queryFn: () => call(api.personal.feedbackList, { page, limit: FEEDBACK_PAGE_SIZE }, { quiet: true }),
    enabled: token !== null,
  });
}

export function useSubmitFeedback() {
  const client = useQueryClient();
  return async (request: FeedbackSubmitRequest): Promise<FeedbackView> => {
    const sent = await call(api.personal.submitFeedback, request);
    await client.invalidateQueries({ queryKey: feedbackKeys.list });
    return sent;
  };
}
