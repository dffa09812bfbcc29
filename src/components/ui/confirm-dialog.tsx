"use client";

import { Modal } from "~/components/modal";

/**
 * The app's confirmation (instead of the browser's window.confirm): a modal that names what will
 * happen, with Cancel and the action. Escape, the close button and Cancel all decline.
 */
export function ConfirmDialog(props: {
  open: boolean;
  onCancel: () => void;
  onConfirm: () => void;
  title: string;
  description: string;
  confirmLabel: string;
  /** The action cannot be undone: the button is red. */
  danger?: boolean;
  pending?: boolean;
}) {
  return (
    <Modal open={props.open} onOpenChange={(open) => (open ? null : props.onCancel())} title={props.title} description={props.description}>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <button type="button" className="btn-secondary" onClick={props.onCancel}>
          Cancel
        </button>
        <button
          type="button"
          className={props.danger ? "btn-primary bg-red-600! hover:bg-red-700!" : "btn-primary"}
          disabled={props.pending}
          onClick={props.onConfirm}
        >
          {props.pending ? "Working..." : props.confirmLabel}
        </button>
      </div>
    </Modal>
  );
}
