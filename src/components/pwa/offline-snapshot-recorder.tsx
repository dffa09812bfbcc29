"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { recordConversation, recordSavedResults, staleConversations } from "~/lib/offline-snapshot";
import { api, type RouterOutputs, TRPCReactProvider } from "~/trpc/react";

type QueryPath = readonly [string, string] | readonly [string, string, string];
const pathIs = (key: readonly unknown[], path: QueryPath) => JSON.stringify(key[0]) === JSON.stringify(path);

function Recorder({ userId }: { userId: string }) {
  const queryClient = useQueryClient();
  const utils = api.useUtils();
  useEffect(() => {
    const record = (queryKey: readonly unknown[], data: unknown) => {
      if (pathIs(queryKey, ["chat", "get"])) recordConversation(localStorage, userId, data as RouterOutputs["chat"]["get"]);
      else if (pathIs(queryKey, ["tools", "saved", "list"]))
        recordSavedResults(localStorage, userId, data as RouterOutputs["tools"]["saved"]["list"]);
      else if (pathIs(queryKey, ["chat", "list"])) {
        for (const id of staleConversations(localStorage, userId, data as RouterOutputs["chat"]["list"]))
          void utils.chat.get.fetch({ id }).catch(() => {});
      }
    };
    const cache = queryClient.getQueryCache();
    // What the page loaded before this part did.
    for (const query of cache.getAll()) if (query.state.status === "success") record(query.queryKey, query.state.data);
    return cache.subscribe((event) => {
      if (event.type === "updated" && event.action.type === "success") record(event.query.queryKey, event.action.data);
    });
  }, [queryClient, utils, userId]);
  return null;
}

/**
 * Keeps what the signed-in user reads for offline reading (src/lib/offline-snapshot.ts): every
 * conversation `chat.get` loads, the newest conversations `chat.list` names, the saved tool results.
 * It watches the API cache every page shares.
 */
export function OfflineSnapshotRecorder({ userId }: { userId: string }) {
  return (
    <TRPCReactProvider>
      <Recorder userId={userId} />
    </TRPCReactProvider>
  );
}
