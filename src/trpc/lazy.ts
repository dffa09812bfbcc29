import type { ComponentType } from "react";

/**
 * A loader for `next/dynamic` that brings a component calling the API together with the tRPC client,
 * wrapped in its provider: parts of the shared layout (login, menu, bell) load the client only when shown.
 */
export function withApiClient<P extends object>(load: () => Promise<ComponentType<P>>): () => Promise<ComponentType<P>> {
  return async () => {
    const [Component, { withTRPC }] = await Promise.all([load(), import("./react")]);
    return withTRPC(Component);
  };
}
