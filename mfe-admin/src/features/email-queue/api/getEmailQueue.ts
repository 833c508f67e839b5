import { ApiError, api, type ResponseOf } from '@cinema/api-client';
import { queryOptions, useQuery } from '@tanstack/react-query';

/**
 * `GET admin/email-queue/` (admin only): the email queue's depth, its oldest wait and the emails
 * given up (api/src/routes/admin/schemas.ts EmailQueueSchema, through the generated types).
 */
export type EmailQueueFigures = ResponseOf<'/api/admin/email-queue', 'get'>;
export type GivenUpEmail = EmailQueueFigures['recent_failures'][number];

export const emailQueueQueryKey = ['admin', 'email-queue'] as const;

/** The queue moves by itself; the figures follow it. */
export const EMAIL_QUEUE_REFETCH_MS = 15_000;

export function getEmailQueue({
  signal,
}: {
  signal?: AbortSignal;
} = {}): Promise<EmailQueueFigures> {
  return api.get('/api/admin/email-queue', signal ? { signal } : {});
}

export function emailQueueQueryOptions() {
  return queryOptions({
    queryKey: emailQueueQueryKey,
    queryFn: ({ signal }) => getEmailQueue({ signal }),
    // Not for someone the server refused: the answer would stay the same.
    refetchInterval: (query) =>
      query.state.error instanceof ApiError && query.state.error.status === 403
        ? false
        : EMAIL_QUEUE_REFETCH_MS,
  });
}

export function useEmailQueue() {
  return useQuery(emailQueueQueryOptions());
}
