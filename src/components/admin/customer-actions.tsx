"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { TextField } from "~/components/ui/form-field";
import { Modal } from "~/components/ui/modal";
import { toast } from "~/components/ui/toast";
import { formatLimit } from "~/lib/plans";
import { grantTokensSchema, MAX_TOKEN_GRANT } from "~/lib/schemas/admin-customers";
import { api, type RouterOutputs } from "~/trpc/react";

type CustomerDetailData = RouterOutputs["admin"]["customers"]["get"];

type Action = "suspend" | "reactivate" | "signOut" | "resend" | "grant";

/** The account actions of a student's page; each asks for confirmation, then says what happened. */
export function CustomerActions({ customer }: { customer: CustomerDetailData }) {
  const { account } = customer;
  const [open, setOpen] = useState<Action | null>(null);
  const utils = api.useUtils();
  const refresh = async () => {
    await Promise.all([utils.admin.customers.get.invalidate({ id: account.id }), utils.admin.customers.list.invalidate()]);
  };
  const handlers = {
    onError: (error: { message: string }) => toast.error(error.message),
    onSettled: refresh,
  };
  const suspend = api.admin.customers.suspend.useMutation({
    ...handlers,
    onSuccess: () => {
      toast.success(`${account.name} is suspended and signed out everywhere`);
      setOpen(null);
    },
  });
  const reactivate = api.admin.customers.reactivate.useMutation({
    ...handlers,
    onSuccess: () => {
      toast.success(`${account.name} can sign in again`);
      setOpen(null);
    },
  });
  const signOut = api.admin.customers.signOutEverywhere.useMutation({
    ...handlers,
    onSuccess: ({ sessionsEnded }) => {
      toast.success(
        sessionsEnded === 0 ? "There was no session to end" : `Ended ${sessionsEnded} session${sessionsEnded === 1 ? "" : "s"}`,
      );
      setOpen(null);
    },
  });
  const resend = api.admin.customers.resendVerification.useMutation({
    ...handlers,
    onSuccess: ({ email }) => {
      toast.success(`Verification mail sent to ${email}`);
      setOpen(null);
    },
  });

  const suspended = account.status === "suspended";
  return (
    <div className="flex flex-wrap gap-2 sm:max-w-sm sm:justify-end">
      <button type="button" className="btn-secondary" onClick={() => setOpen("grant")}>
        Grant tokens
      </button>
      <button type="button" className="btn-secondary" onClick={() => setOpen("signOut")}>
        Sign out everywhere
      </button>
      {account.emailVerifiedAt ? null : (
        <button type="button" className="btn-secondary" onClick={() => setOpen("resend")}>
          Resend verification
        </button>
      )}
      {suspended ? (
        <button type="button" className="btn-secondary" onClick={() => setOpen("reactivate")}>
          Reactivate
        </button>
      ) : (
        <button type="button" className="btn-secondary border-red-300 text-red-700 hover:bg-red-50" onClick={() => setOpen("suspend")}>
          Suspend
        </button>
      )}

      <ConfirmDialog
        open={open === "suspend"}
        onCancel={() => setOpen(null)}
        title={`Suspend ${account.name}?`}
        description="They are signed out at once on every device and cannot sign in until the account is reactivated. Their data and plan stay as they are."
        confirmLabel="Suspend account"
        danger
        pending={suspend.isPending}
        onConfirm={() => suspend.mutate({ userId: account.id })}
      />
      <ConfirmDialog
        open={open === "reactivate"}
        onCancel={() => setOpen(null)}
        title={`Reactivate ${account.name}?`}
        description="They can sign in again with their password or social account."
        confirmLabel="Reactivate account"
        pending={reactivate.isPending}
        onConfirm={() => reactivate.mutate({ userId: account.id })}
      />
      <ConfirmDialog
        open={open === "signOut"}
        onCancel={() => setOpen(null)}
        title="Sign out everywhere?"
        description={`Ends all ${customer.sessions.length} live session${customer.sessions.length === 1 ? "" : "s"} of ${account.email}, copied cookies included. They can sign in again.`}
        confirmLabel="Sign out everywhere"
        pending={signOut.isPending}
        onConfirm={() => signOut.mutate({ userId: account.id })}
      />
      <ConfirmDialog
        open={open === "resend"}
        onCancel={() => setOpen(null)}
        title="Resend the verification mail?"
        description={`A new link goes to ${account.email}; the earlier link stops working.`}
        confirmLabel="Send the mail"
        pending={resend.isPending}
        onConfirm={() => resend.mutate({ userId: account.id })}
      />
      <GrantTokensDialog open={open === "grant"} onClose={() => setOpen(null)} customer={customer} onDone={refresh} />
    </div>
  );
}

const grantFormSchema = grantTokensSchema.omit({ userId: true });
type GrantForm = z.input<typeof grantFormSchema>;

/** Grant tokens: a one-off allowance for this month, with the reason kept in the audit log. */
function GrantTokensDialog({
  open,
  onClose,
  customer,
  onDone,
}: {
  open: boolean;
  onClose: () => void;
  customer: CustomerDetailData;
  onDone: () => Promise<void>;
}) {
  const form = useForm<GrantForm, unknown, z.output<typeof grantFormSchema>>({
    resolver: zodResolver(grantFormSchema),
    defaultValues: { amount: 10_000, reason: "" },
  });
  const grant = api.admin.customers.grantTokens.useMutation();
  const { errors, isSubmitting } = form.formState;
  const unlimited = customer.tokens.limit === null;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const result = await grant.mutateAsync({ userId: customer.account.id, ...values });
      toast.success(`Granted ${values.amount.toLocaleString("en-US")} tokens: this month's limit is now ${formatLimit(result.limit)}`);
      form.reset({ amount: 10_000, reason: "" });
      onClose();
      await onDone();
    } catch (error) {
      toast.error(error instanceof Error ? error.message : "The grant failed. Please try again.");
    }
  });

  return (
    <Modal
      open={open}
      onOpenChange={(next) => (next ? null : onClose())}
      title="Grant tokens"
      description={`Adds to ${customer.account.name}'s allowance for ${customer.tokens.period} only; next month starts from the plan's allowance again.`}
    >
      <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label="Grant tokens">
        {unlimited ? (
          <p className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900">
            This student is on an unlimited plan: a grant is recorded but changes nothing this month.
          </p>
        ) : null}
        <TextField
          id="grant-amount"
          label="Tokens"
          type="number"
          inputMode="numeric"
          min={1}
          max={MAX_TOKEN_GRANT}
          step={1}
          error={errors.amount?.message}
          {...form.register("amount")}
        />
        <div>
          <label htmlFor="grant-reason" className="field-label">
            Reason
          </label>
          <textarea
            id="grant-reason"
            rows={3}
            className="field-input"
            aria-invalid={errors.reason ? true : undefined}
            aria-describedby={errors.reason ? "grant-reason-error" : "grant-reason-hint"}
            {...form.register("reason")}
          />
          <p id="grant-reason-hint" className="mt-1 text-xs text-slate-500">
            Kept in the audit log, e.g. “Outage on 3 March”.
          </p>
          {errors.reason ? (
            <p id="grant-reason-error" className="mt-1 text-sm text-red-700">
              {errors.reason.message}
            </p>
          ) : null}
        </div>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <button type="button" className="btn-secondary" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="btn-primary" disabled={isSubmitting}>
            {isSubmitting ? "Granting..." : "Grant tokens"}
          </button>
        </div>
      </form>
    </Modal>
  );
}
