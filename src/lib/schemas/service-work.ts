/**
 * Shared words of the delivered services (documents, reviews, request threads, coaching): the
 * addresses of a request's pages and the lists the forms, routers and tests agree on.
 */

/** The student's page of one of their service requests (status, thread, documents, comments, session). */
export function serviceRequestHref(requestId: string): string {
  return `/services/requests/${encodeURIComponent(requestId)}`;
}

/** The staff page of one service request in the management area. */
export function adminServiceRequestHref(requestId: string): string {
  return `/admin/support/requests/${encodeURIComponent(requestId)}`;
}

/** What the documents of a review are for. */
export const REVIEW_PURPOSES = ["uni_assist", "university_application", "motivation_letter", "cv", "visa", "other"] as const;
export type ReviewPurpose = (typeof REVIEW_PURPOSES)[number];
export const REVIEW_PURPOSE_LABELS: Record<ReviewPurpose, string> = {
  uni_assist: "uni-assist application",
  university_application: "Direct application to a university",
  motivation_letter: "Motivation letter",
  cv: "CV",
  visa: "Visa file",
  other: "Something else",
};

/** The reviewer's checklist: what a German application file most often lacks. */
export const REVIEW_CHECKLIST = ["certified_copies", "translations", "aps", "language_certificate", "cv_format"] as const;
export type ReviewChecklistItem = (typeof REVIEW_CHECKLIST)[number];
export const REVIEW_CHECKLIST_LABELS: Record<ReviewChecklistItem, string> = {
  certified_copies: "Certified copies are missing",
  translations: "Certified translations are missing",
  aps: "The APS certificate is missing",
  language_certificate: "The language certificate is missing",
  cv_format: "The CV does not follow a German or Europass format",
};

/** Upload limits: the spec's widget default, the types the server accepts, and each user's quota. */
export const DOCUMENT_MAX_MB = 10;
export const DOCUMENT_QUOTA_MB = 100;
export const DOCUMENT_ACCEPT = ".pdf,.jpg,.jpeg,.png,.docx";
export const DOCUMENT_MIME_TYPES = [
  "application/pdf",
  "image/jpeg",
  "image/png",
  "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
] as const;

/** A coaching session's length, and how long before its start it can still be moved or cancelled. */
export const SESSION_MINUTES = 45;
export const CHANGE_DEADLINE_HOURS = 24;
