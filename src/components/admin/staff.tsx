"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import type { ColumnDef } from "@tanstack/react-table";
import { format } from "date-fns";
import { useMemo, useState } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { errorMessage, FormMessage } from "~/components/ui/form-field";
import { Modal } from "~/components/ui/modal";
import { SelectBox } from "~/components/ui/select-box";
import { toast } from "~/components/ui/toast";
import { ROLES, type Role } from "~/lib/permissions";
import {
  ACCOUNT_STATUSES,
  type InviteStaffInput,
  inviteStaffSchema,
  ROLE_LABELS,
  STAFF_ROLES,
  type staffListSchema,
} from "~/lib/schemas/staff";
import { api, type RouterOutputs } from "~/trpc/react";
import { AdminTable, useListParams } from "./admin-table";

type StaffRow = RouterOutputs["admin"]["staff"]["list"]["rows"][number];
type StaffListInput = z.input<typeof staffListSchema>;

const when = (date: Date | null) => (date ? format(new Date(date), "d MMM yyyy, HH:mm") : "Never");

const STATUS_STYLES: Record<StaffRow["status"], string> = {
  active: "bg-emerald-100 text-emerald-900",
  inactive: "bg-slate-100 text-slate-700",
  suspended: "bg-red-100 text-red-900",
};

/** A question before an action that is hard to take back. */
interface Confirmation {
  title: string;
  description: string;
  confirmLabel: string;
  run: () => Promise<unknown>;
}

function ConfirmDialog({ confirmation, onClose }: { confirmation: Confirmation | null; onClose: () => void }) {
  const [pending, setPending] = useState(false);
  return (
    <Modal
      open={confirmation !== null}
      onOpenChange={(open) => (open ? null : onClose())}
      title={confirmation?.title ?? ""}
      description={confirmation?.description}
    >
      <div className="flex flex-wrap justify-end gap-2">
        <button type="button" className="btn-secondary" onClick={onClose}>
          Cancel
        </button>
        <button
          type="button"
          className="btn-primary"
          disabled={pending}
          onClick={async () => {
            if (!confirmation) return;
            setPending(true);
            try {
              await confirmation.run();
              onClose();
            } catch {
              // The mutation's own onError has shown why.
            } finally {
              setPending(false);
            }
          }}
        >
          {confirmation?.confirmLabel}
        </button>
      </div>
    </Modal>
  );
}

/** /admin/staff: the staff table with role and status actions, the invite form and the pending invitations. */
export function StaffManagement({ meId }: { meId: string }) {
  return (
    <div className="space-y-10">
      <StaffTable meId={meId} />
      <div className="grid gap-8 xl:grid-cols-[minmax(0,22rem)_1fr]">
        <InviteForm />
        <PendingInvites />
      </div>
    </div>
  );
}

function StaffTable({ meId }: { meId: string }) {
  const params = useListParams({ filters: ["role", "status"], defaultSort: "name", defaultDir: "asc" });
  // The URL's values go to the server as they are: it checks them and answers a readable error.
  const staff = api.admin.staff.list.useQuery(params.query as StaffListInput, {
    placeholderData: (previous) => previous,
  });
  const utils = api.useUtils();
  const [confirmation, setConfirmation] = useState<Confirmation | null>(null);
  const onError = (error: { message: string }) => toast.error(error.message);
  const changeRole = api.admin.staff.changeRole.useMutation({
    onError,
    onSettled: () => utils.admin.staff.list.invalidate(),
  });
  const setStatus = api.admin.staff.setStatus.useMutation({
    onError,
    onSettled: () => utils.admin.staff.list.invalidate(),
  });

  const columns = useMemo<ColumnDef<StaffRow, unknown>[]>(
    () => [
      {
        id: "name",
        header: "Name",
        enableSorting: true,
        enableHiding: false,
        cell: ({ row }) => (
          <div className="min-w-40">
            <p className="font-medium">
              {row.original.name}
              {row.original.id === meId ? <span className="ml-1 text-xs text-slate-500">(you)</span> : null}
            </p>
            <p className="break-all text-xs text-slate-600">{row.original.email}</p>
          </div>
        ),
      },
      {
        id: "role",
        header: "Role",
        enableSorting: true,
        cell: ({ row }) => {
          const member = row.original;
          return (
            <div className="min-w-36">
              <SelectBox
                aria-label={`Role of ${member.email}`}
                options={ROLES.map((role) => ({ value: role, label: ROLE_LABELS[role] }))}
                value={member.role}
                disabled={changeRole.isPending}
                onChange={(value) => {
                  const role = value as Role;
                  if (role === member.role) return;
                  setConfirmation({
                    title: `Make ${member.name} ${ROLE_LABELS[role].toLowerCase()}?`,
                    description:
                      role === "user"
                        ? `${member.email} leaves the staff and loses access to the management area.`
                        : `${member.email} gets the permissions of the ${ROLE_LABELS[role].toLowerCase()} role (see the table below) on their next request.`,
                    confirmLabel: "Change role",
                    run: () =>
                      changeRole
                        .mutateAsync({ userId: member.id, role })
                        .then(() => toast.success(`${member.email} is now ${ROLE_LABELS[role].toLowerCase()}.`)),
                  });
                }}
              />
            </div>
          );
        },
      },
      {
        id: "status",
        header: "Status",
        cell: ({ row }) => (
          <span className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${STATUS_STYLES[row.original.status]}`}>
            {row.original.status}
          </span>
        ),
      },
      {
        id: "twoFactor",
        header: "Two-factor",
        cell: ({ row }) =>
          row.original.twoFactor ? <span className="text-emerald-800">On</span> : <span className="text-amber-800">Off</span>,
      },
      {
        id: "lastLoginAt",
        header: "Last sign-in",
        enableSorting: true,
        cell: ({ row }) => <span className="whitespace-nowrap">{when(row.original.lastLoginAt)}</span>,
      },
      {
        id: "actions",
        header: "Actions",
        enableHiding: false,
        cell: ({ row }) => {
          const member = row.original;
          if (member.status === "suspended") {
            return (
              <button
                type="button"
                className="btn-secondary px-3 py-1"
                onClick={() =>
                  setConfirmation({
                    title: `Reactivate ${member.name}?`,
                    description: `${member.email} can sign in again.`,
                    confirmLabel: "Reactivate",
                    run: () =>
                      setStatus
                        .mutateAsync({ userId: member.id, status: "active" })
                        .then(() => toast.success(`${member.email} is active again.`)),
                  })
                }
              >
                Reactivate
              </button>
            );
          }
          return (
            <button
              type="button"
              className="btn-secondary px-3 py-1 text-red-700"
              disabled={member.id === meId}
              title={member.id === meId ? "You cannot suspend your own account" : undefined}
              onClick={() =>
                setConfirmation({
                  title: `Suspend ${member.name}?`,
                  description: `${member.email} is signed out everywhere at once and cannot sign in until reactivated.`,
                  confirmLabel: "Suspend",
                  run: () =>
                    setStatus
                      .mutateAsync({ userId: member.id, status: "suspended" })
                      .then(() => toast.success(`${member.email} is suspended.`)),
                })
              }
            >
              Suspend
            </button>
          );
        },
      },
    ],
    [changeRole, meId, setStatus],
  );

  return (
    <section aria-labelledby="staff-members" className="space-y-3">
      <h2 id="staff-members" className="text-lg font-semibold">
        Staff
      </h2>
      <AdminTable
        caption="Staff"
        columns={columns}
        rows={staff.data?.rows}
        total={staff.data?.total}
        params={params}
        loading={staff.isFetching}
        error={staff.error?.message}
        rowKey={(member) => member.id}
        searchLabel="Search by name or email"
        filters={[
          {
            key: "role",
            label: "Role",
            options: STAFF_ROLES.map((role) => ({ value: role, label: ROLE_LABELS[role] })),
          },
          {
            key: "status",
            label: "Status",
            options: ACCOUNT_STATUSES.map((status) => ({ value: status, label: status })),
          },
        ]}
        emptyText="No staff account matches."
      />
      <ConfirmDialog confirmation={confirmation} onClose={() => setConfirmation(null)} />
    </section>
  );
}

function InviteForm() {
  const utils = api.useUtils();
  const form = useForm<InviteStaffInput>({
    resolver: zodResolver(inviteStaffSchema),
    defaultValues: { email: "", role: "designer" },
  });
  const invite = api.admin.staff.invite.useMutation({
    onSuccess: (result) => {
      toast.success(`Invitation sent to ${result.email}.`);
      form.reset({ email: "", role: form.getValues("role") });
      return utils.admin.staff.invites.invalidate();
    },
  });
  const { errors } = form.formState;
  return (
    <section aria-labelledby="staff-invite" className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
      <h2 id="staff-invite" className="text-lg font-semibold">
        Invite a staff member
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        The invitation mail holds a link, valid for 7 days, to set a password (or confirm an existing account) and take the role.
      </p>
      <form
        className="mt-4 space-y-4"
        noValidate
        onSubmit={form.handleSubmit((values) => invite.mutate(values))}
        aria-label="Invite a staff member"
      >
        <div>
          <label htmlFor="invite-email" className="field-label">
            Email
          </label>
          <input
            id="invite-email"
            type="email"
            autoComplete="off"
            className="field-input"
            aria-invalid={errors.email ? true : undefined}
            aria-describedby={errors.email ? "invite-email-error" : undefined}
            {...form.register("email")}
          />
          {errors.email ? (
            <p id="invite-email-error" className="mt-1 text-sm text-red-700">
              {errors.email.message}
            </p>
          ) : null}
        </div>
        <div>
          <label htmlFor="invite-role" className="field-label">
            Role
          </label>
          <select id="invite-role" className="field-input" {...form.register("role")}>
            {STAFF_ROLES.map((role) => (
              <option key={role} value={role}>
                {ROLE_LABELS[role]}
              </option>
            ))}
          </select>
          {errors.role ? <p className="mt-1 text-sm text-red-700">{errors.role.message}</p> : null}
        </div>
        {invite.error ? (
          <FormMessage kind="error">{errorMessage(invite.error, "The invitation could not be sent. Please try again.")}</FormMessage>
        ) : null}
        <button type="submit" className="btn-primary w-full" disabled={invite.isPending}>
          {invite.isPending ? "Sending..." : "Send invitation"}
        </button>
      </form>
    </section>
  );
}

function PendingInvites() {
  const utils = api.useUtils();
  const invites = api.admin.staff.invites.useQuery();
  const [confirmation, setConfirmation] = useState<Confirmation | null>(null);
  const refresh = () => utils.admin.staff.invites.invalidate();
  const onError = (error: { message: string }) => toast.error(error.message);
  const resend = api.admin.staff.resendInvite.useMutation({
    onSuccess: (_, { id }) => toast.success(`Sent again to ${invites.data?.find((invite) => invite.id === id)?.email ?? "the invitee"}.`),
    onError,
    onSettled: refresh,
  });
  const revoke = api.admin.staff.revokeInvite.useMutation({ onError, onSettled: refresh });
  return (
    <section aria-labelledby="staff-pending" className="min-w-0">
      <h2 id="staff-pending" className="text-lg font-semibold">
        Pending invitations
      </h2>
      {invites.isPending ? <p className="mt-2 text-sm text-slate-500">Loading...</p> : null}
      {invites.error ? (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {invites.error.message}
        </p>
      ) : null}
      {invites.data?.length === 0 ? <p className="mt-2 text-sm text-slate-500">No invitation is waiting for an answer.</p> : null}
      {invites.data?.length ? (
        <ul className="mt-3 space-y-3" aria-label="Pending invitations">
          {invites.data.map((invite) => (
            <li key={invite.id} className="rounded-xl border border-slate-200 bg-white p-4 text-sm shadow-sm">
              <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
                <div className="min-w-0">
                  <p className="break-all font-medium">{invite.email}</p>
                  <p className="text-slate-600">
                    {ROLE_LABELS[invite.role]} · sent {when(invite.createdAt)}
                    {invite.invitedBy ? ` by ${invite.invitedBy}` : ""}
                  </p>
                  <p className={invite.expired ? "font-medium text-amber-800" : "text-slate-500"}>
                    {invite.expired
                      ? `Expired ${when(invite.expiresAt)}: send it again for a new link`
                      : `Link valid until ${when(invite.expiresAt)}`}
                  </p>
                </div>
                <div className="flex shrink-0 gap-2">
                  <button
                    type="button"
                    className="btn-secondary px-3 py-1"
                    disabled={resend.isPending}
                    onClick={() => resend.mutate({ id: invite.id })}
                  >
                    Send again
                  </button>
                  <button
                    type="button"
                    className="btn-secondary px-3 py-1 text-red-700"
                    onClick={() =>
                      setConfirmation({
                        title: `Withdraw the invitation to ${invite.email}?`,
                        description: "Its link stops working. You can invite the address again later.",
                        confirmLabel: "Withdraw",
                        run: () =>
                          revoke
                            .mutateAsync({ id: invite.id })
                            .then(() => toast.success(`The invitation to ${invite.email} was withdrawn.`)),
                      })
                    }
                  >
                    Withdraw
                  </button>
                </div>
              </div>
            </li>
          ))}
        </ul>
      ) : null}
      <ConfirmDialog confirmation={confirmation} onClose={() => setConfirmation(null)} />
    </section>
  );
}
