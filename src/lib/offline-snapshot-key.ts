/** The localStorage key of the offline snapshot (./offline-snapshot.ts), on its own so that a page can check for one without loading the rest. */
export const OFFLINE_SNAPSHOT_KEY = "swipeabroad:offline:v1";
