import { trpcHandler } from "~/server/http/trpc";

export { trpcHandler as GET, trpcHandler as POST };
