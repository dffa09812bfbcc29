import type { RouterOutputs } from "~/trpc/react";

export type Student = RouterOutputs["students"]["me"];
