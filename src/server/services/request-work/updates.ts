import { appUrl } from "~/env";
import { serviceRequestHref } from "~/lib/schemas/service-work";
import { findService } from "~/lib/services";
import type { DbOrTx } from "~/server/db/client";
import { queueMail } from "~/server/mail/outbox";

/**
 * Tells the student about news on their request: a line in the bell (a `service_update`
 * notification) and a mail linking to the request's page. Transactional: sent whatever the
 * newsletter or digest settings, in the caller's transaction so it exists only if the change does.
 */
export async function notifyStudent(tx: DbOrTx, requestId: string, update: { headline: string; note?: string | null }) {
  const request = await tx.serviceRequest.findUniqueOrThrow({
    where: { id: requestId },
    select: {
      service: true,
      user: { select: { id: true, email: true, name: true, student: { select: { firstName: true } } } },
    },
  });
  const serviceName = findService(request.service)?.name ?? request.service;
  await tx.notification.create({
    data: { userId: request.user.id, kind: "service_update", requestId, text: `${serviceName}: ${update.headline}` },
  });
  await queueMail(
    tx,
    request.user.email,
    {
      kind: "service-update",
      name: request.user.student?.firstName ?? request.user.name,
      serviceName,
      update: update.headline,
      note: update.note ?? "",
      url: `${appUrl()}${serviceRequestHref(requestId)}`,
    },
    request.user.id,
  );
}
