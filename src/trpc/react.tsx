"use client";

import { type QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { httpBatchLink, loggerLink } from "@trpc/client";
import { createTRPCReact } from "@trpc/react-query";
import type { inferRouterOutputs } from "@trpc/server";
import { type ComponentType, type ReactNode, useState } from "react";
import superjson from "superjson";
import type { AppRouter } from "~/server/api/root";
import { createQueryClient } from "./query-client";

export const api = createTRPCReact<AppRouter>();
export type RouterOutputs = inferRouterOutputs<AppRouter>;

let browserQueryClient: QueryClient | undefined;
function getQueryClient() {
  if (typeof window === "undefined") return createQueryClient();
  return (browserQueryClient ??= createQueryClient());
}

export function TRPCReactProvider({ children }: { children: ReactNode }) {
  const queryClient = getQueryClient();
  const [trpcClient] = useState(() =>
    api.createClient({
      links: [
        loggerLink({
          enabled: (op) => process.env.NODE_ENV === "development" && op.direction === "down" && op.result instanceof Error,
        }),
        httpBatchLink({ transformer: superjson, url: "/api/trpc", maxItems: 10 }),
      ],
    }),
  );
  return (
    <QueryClientProvider client={queryClient}>
      <api.Provider client={trpcClient} queryClient={queryClient}>
        {children}
      </api.Provider>
    </QueryClientProvider>
  );
}

/**
 * The tRPC client and its query cache, for the page or part below. It is not in the root layout, so
 * that pages which call no API do not load it; every provider shares the one browser query cache.
 */
export function withTRPC<P extends object>(Component: ComponentType<P>): ComponentType<P> {
  return function WithTRPC(props: P) {
    return (
      <TRPCReactProvider>
        <Component {...props} />
      </TRPCReactProvider>
    );
  };
}
