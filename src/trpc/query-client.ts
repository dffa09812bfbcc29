import { QueryClient } from "@tanstack/react-query";
import { TRPCClientError } from "@trpc/client";

export const STALE_TIME_MS = 5 * 60 * 1000;
const MAX_RETRIES = 3;

/** HTTP status of a failed call, where it has one. */
function errorStatus(error: unknown): number | undefined {
  if (error instanceof TRPCClientError) return (error.data as { httpStatus?: number } | undefined)?.httpStatus;
  const status = (error as { status?: unknown } | null)?.status;
  return typeof status === "number" ? status : undefined;
}

/** Spec section 7: no retry on 4xx, otherwise up to 3 retries; stale after 5 minutes; no refetch on focus. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  const status = errorStatus(error);
  if (status !== undefined && status >= 400 && status < 500) return false;
  return failureCount < MAX_RETRIES;
}

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, staleTime: STALE_TIME_MS, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}
