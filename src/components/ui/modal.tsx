/** The shared modal (Radix Dialog: focus trap, Escape, labelled title). */
export { Modal } from "~/components/modal";
