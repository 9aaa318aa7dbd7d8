import { defaultShouldDehydrateQuery, MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { isApiError } from './api-client';
import { changePasswordPath, loginPath } from './login-path';

let redirecting = false;

/** Global 401 handler: the session is gone (refresh failed in the proxy), so go to /login. */
function onUnauthorized(): void {
  if (typeof window === 'undefined' || redirecting) return;
  redirecting = true;
  const here = `${window.location.pathname}${window.location.search}`;
  window.location.assign(loginPath(here, { expired: true }));
}

/** The user must still replace a one-time password (the pages' server check normally got there first). */
function onPasswordChangeRequired(): void {
  if (typeof window === 'undefined' || redirecting) return;
  redirecting = true;
  window.location.assign(changePasswordPath(`${window.location.pathname}${window.location.search}`));
}

function onError(err: unknown): void {
  if (isApiError(err, 401)) onUnauthorized();
  else if (isApiError(err, 403) && err.code === 'PASSWORD_CHANGE_REQUIRED') onPasswordChangeRequired();
}

export function makeQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({ onError }),
    mutationCache: new MutationCache({ onError }),
    defaultOptions: {
      queries: {
        // data rendered on the server is fresh on arrival; don't refetch it immediately
        staleTime: 60_000,
        // 401/403/404 will not change by asking again; other failures get two more tries
        retry: (failureCount, err) => !isApiError(err, 401, 403, 404) && failureCount < 2,
      },
      mutations: { retry: false },
      dehydrate: {
        shouldDehydrateQuery: (query) => defaultShouldDehydrateQuery(query) || query.state.status === 'pending',
      },
    },
  });
}
