// This section's pages call the API from the browser.
export { default } from "~/trpc/api-client-layout";
