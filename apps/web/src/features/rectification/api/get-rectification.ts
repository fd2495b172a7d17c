import { useQuery } from '@tanstack/react-query';
import { rectificationPageSchema } from '@medipay/shared/rectification';
import { ApiRequestError, apiRequest } from '../../../lib/api-client';
import { openRectification } from './open-rectification';

/** The page again, from the cookie that opening it set (a reload without the token). */
export function getRectification() {
  return apiRequest('/rectification', { method: 'GET', schema: rectificationPageSchema });
}

export const rectificationKeys = {
  /** The page opened with `token`, or read from the cookie when there is none. */
  page: (token: string | null) => ['rectification', 'page', token ?? 'cookie'] as const,
};

/** Whether the server has no live rectification for this token or cookie (404). */
export function isNotFound(error: unknown): boolean {
  return error instanceof ApiRequestError && error.status === 404;
}

/** Whether the link's corrections were already sent (410): the application is back in analysis. */
export function isAlreadySent(error: unknown): boolean {
  return error instanceof ApiRequestError && error.status === 410;
}

/**
 * The rectification page: opened with the e-mail's token when the URL has one, else read with
 * the cookie. Asked once: opening records an access and spends a rate-limited attempt, so it is
 * neither retried nor read again while the page is shown.
 */
export function useRectificationPage(token: string | null) {
  return useQuery({
    queryKey: rectificationKeys.page(token),
    queryFn: () => (token ? openRectification(token) : getRectification()),
    retry: false,
    staleTime: Infinity,
    gcTime: Infinity,
    refetchOnMount: false,
    refetchOnReconnect: false,
    refetchOnWindowFocus: false,
  });
}
